"""The live table's web app (aiohttp): the page, its static files, one WebSocket per viewer.

GET / serves the page, /static/ its bundle, /session says how the page runs (its mode, the
local game), GET /ws is the socket. Who a socket's viewer is comes from `Seating`: in local
mode (`play --web`) the one human seat; in mock mode (tests, `DiscordSDKMock`) the user id in
the query string, trusted only because that mode is never served to Discord; inside Discord
the signed session of the sign-in (bot/web/auth.py, `DiscordSeating`). A message from the
page is a decision like a click: `GameService.play` locks, checks (seat, version, whose
turn), applies and saves; a refusal answers that socket alone with the reason and its current
frames.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from bot.i18n import _, normalise, use_locale
from bot.service import GameError, GameService, errors, player_id_for
from bot.web.announce import Announcer, Change
from bot.web.auth import DiscordSignIn, Sessions, SignInRefused, Visitor, auth_endpoint
from bot.web.frames import NoTable, frames_of, hello_frame, snapshot
from bot.web.replay import replay_frames
from bot.web.watch import Viewer, Watch, dumps, send
from storage import GameNotFound, Storage

log = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 64 * 1024
"""Bytes a message from the page may have: a decision is a few hundred."""


class Seating(Protocol):
    """Which game a socket watches and which seat (None: a spectator) its viewer has."""

    mode: str

    async def game_id(self, request: web.Request) -> int: ...

    async def player(self, request: web.Request) -> str | None: ...


@dataclass
class LocalSeating:
    """`play --web`: one game on this machine, watched by its one human player (`?watch=1`
    watches as a spectator). A rematch moves it to the new game."""

    current: int
    human: str
    mode: str = "local"

    async def game_id(self, request: web.Request) -> int:
        return self.current

    async def player(self, request: web.Request) -> str | None:
        return None if request.query.get("watch") else self.human


class QuerySeating:
    """Mock mode (the tests' and a developer's `DiscordSDKMock`): `?game=ID&user=UID`, with
    no user a spectator. Nothing checks who the user is: never served to Discord."""

    mode = "mock"

    async def game_id(self, request: web.Request) -> int:
        return _number(request.query.get("game"), "game")

    async def player(self, request: web.Request) -> str | None:
        user = request.query.get("user")
        return player_id_for(_number(user, "user")) if user else None


class DiscordSeating:
    """Inside Discord: the viewer is whoever the signed session (bot/web/auth.py) says, the
    game the one in the session's channel (`?game=` only a game of that channel: a finished
    one's replay). The query's user, if any, is ignored."""

    mode = "discord"

    def __init__(self, sessions: Sessions, signin: DiscordSignIn, storage: Storage) -> None:
        self.sessions = sessions
        self.signin = signin
        self.storage = storage

    def visitor(self, request: web.Request) -> Visitor:
        token = request.query.get("session")
        if not token:
            raise web.HTTPUnauthorized(text="Sign in first (no session).")
        try:
            return self.sessions.check(token)
        except SignInRefused as refused:
            raise web.HTTPUnauthorized(text=str(refused)) from None

    async def game_id(self, request: web.Request) -> int:
        visitor = self.visitor(request)
        wanted = request.query.get("game")
        if wanted:
            try:
                game = await self.storage.get_game(_number(wanted, "game"))
            except GameNotFound:
                raise web.HTTPNotFound(text="no such game") from None
            if game.channel_id != visitor.channel_id:
                raise web.HTTPForbidden(text="That game is not this channel's.")
            return game.id
        found = await self.storage.get_game_in_channel(visitor.channel_id)
        if found is None:
            raise web.HTTPNotFound(text="No game in this channel.")
        return found.id

    async def player(self, request: web.Request) -> str | None:
        return player_id_for(self.visitor(request).user_id)


def _number(text: str | None, what: str) -> int:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 20:
        raise web.HTTPBadRequest(text=f"{what}: a number is needed")
    return int(text)


class LiveTable:
    """The sockets of every watched game, fed by the announcer."""

    def __init__(
        self,
        service: GameService,
        announcer: Announcer,
        seating: Seating,
        lang: str = "en",
    ) -> None:
        self.service = service
        self.announcer = announcer
        self.seating = seating
        self.lang = lang
        self.watches: dict[int, Watch] = {}
        self._unsubscribe = announcer.subscribe(self.changed)

    def close(self) -> None:
        self._unsubscribe()

    async def changed(self, change: Change) -> None:
        """A game changed: its sockets get fresh frames (or, after a rematch, its new id)."""
        watch = self.watches.get(change.game_id)
        if watch is None:
            return
        if change.moved_to is not None:
            text = dumps({"type": "moved", "id": change.moved_to})
            for ws in list(watch.sockets):
                await send(ws, text)
            return
        await watch.push(self.service, change.outcome)

    # ------------------------------------------------------------ HTTP

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html")

    async def session(self, request: web.Request) -> web.Response:
        """How the page runs: `local` (no SDK), `mock` (DiscordSDKMock); the local game."""
        data: dict[str, Any] = {"mode": self.seating.mode, "lang": self.lang}
        if isinstance(self.seating, LocalSeating):
            data["game"] = self.seating.current
        if isinstance(self.seating, DiscordSeating):
            data["client_id"] = str(self.seating.signin.app.client_id)
        return web.json_response(data)

    async def replay(self, request: web.Request) -> web.Response:
        """A finished game's every step, public tables only (bot/web/replay.py)."""
        game_id = await self.seating.game_id(request)
        lang = normalise(request.query.get("lang") or self.lang)
        try:
            data = await replay_frames(self.service.storage, game_id, lang)
        except GameNotFound:
            raise web.HTTPNotFound(text="no such game") from None
        except GameError as error:
            return web.json_response({"reason": str(error)}, status=409)
        return web.json_response(data, dumps=dumps)

    async def socket(self, request: web.Request) -> web.StreamResponse:
        game_id = await self.seating.game_id(request)
        player = await self.seating.player(request)
        lang = normalise(request.query.get("lang") or self.lang)
        try:
            snap = await snapshot(self.service, game_id)
        except (GameNotFound, NoTable):
            raise web.HTTPNotFound(text="no such game") from None
        frames_of(snap.game.game)  # a game the live table cannot show: 500, said in the log
        if player is not None and snap.game.seat_of(player) is None:
            player = None  # not seated in this game: a spectator
        viewer = Viewer(player, lang)
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=MAX_MESSAGE)
        await ws.prepare(request)
        watch = self.watches.setdefault(game_id, Watch(game_id, snap.game.game))
        watch.sockets[ws] = viewer
        try:
            with use_locale(lang):
                await send(ws, dumps(hello_frame(snap, player, lang, self.seating.mode)))
            await watch.push(self.service, only=[ws])
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    await self.received(ws, watch, viewer, message.data)
        finally:
            watch.sockets.pop(ws, None)
            if not watch.sockets:
                self.watches.pop(game_id, None)
        return ws

    # ------------------------------------------------------------ messages from the page

    async def received(
        self, ws: web.WebSocketResponse, watch: Watch, viewer: Viewer, raw: str
    ) -> None:
        with use_locale(viewer.lang):
            try:
                message = json.loads(raw)
            except ValueError:
                message = None
            kind = message.get("type") if isinstance(message, dict) else None
            handler = {
                "decide": self.decide,
                "next_round": self.next_round,
                "rematch": self.rematch,
                "undo": self.undo,
            }.get(kind if isinstance(kind, str) else "")
            if handler is None or not isinstance(message, dict):
                reason = _("The page sent a message the table does not understand.")
                await send(ws, dumps({"type": "error", "reason": reason}))
                return
            try:
                if viewer.player is None:
                    raise errors.NotAPlayer()
                await handler(watch.game_id, viewer.player, message)
            except GameError as error:
                await send(ws, dumps({"type": "refused", "reason": self._reason(watch, error)}))
                await watch.push(self.service, only=[ws])

    def _reason(self, watch: Watch, error: GameError) -> str:
        """The refusal in the reader's words; an engine's reason through its game's words."""
        if isinstance(error, errors.Rejected) and error.args and watch.game:
            return frames_of(watch.game).reason(error.args[0])
        return str(error)

    async def decide(self, game_id: int, player: str, message: dict[str, Any]) -> None:
        version, data = message.get("version"), message.get("decision")
        if not isinstance(version, int) or isinstance(version, bool) or not isinstance(data, dict):
            raise errors.Rejected(_("That move is not one the game knows."))
        game, _state = await self.service.running(game_id)
        try:
            decision = self.service.engine(game).decision_from_dict(data)
        except (ValueError, TypeError, KeyError):
            raise errors.Rejected(_("That move is not one the game knows.")) from None
        outcome = await self.service.play(game_id, player, decision, version)
        await self.announcer.publish(Change(game_id, outcome))

    async def undo(self, game_id: int, player: str, message: dict[str, Any]) -> None:
        """The bounded undo (issue 45): the player's own last decision taken back, as the
        pack's Undo button does; refused in the reader's words when the rules do not allow it."""
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise errors.Rejected(_("That move is not one the game knows."))
        outcome = await self.service.take_back(game_id, player, version)
        await self.announcer.publish(Change(game_id, outcome))

    async def next_round(self, game_id: int, player: str, message: dict[str, Any]) -> None:
        version = message.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise errors.Rejected(_("That move is not one the game knows."))
        if await self.service.end_pause(game_id, version, player) is not None:
            await self.announcer.publish(Change(game_id, resumed=True))

    async def rematch(self, game_id: int, player: str, message: dict[str, Any]) -> None:
        """A new game with the same seats, started at once (the live table has no lobby)."""
        if not player.isdigit():
            raise errors.NotAPlayer()
        old = await self.service.storage.get_game(game_id)
        seat = old.seat_of(player)
        name = seat.display_name if seat else player
        lobby = await self.service.rematch(game_id, int(player), name)
        started = await self.service.start(lobby.channel_id, int(player))
        if isinstance(self.seating, LocalSeating):
            self.seating.current = started.id
        await self.announcer.publish(Change(game_id, moved_to=started.id))
        await self.announcer.publish(Change(started.id))


def make_app(table: LiveTable) -> web.Application:
    """The aiohttp application serving `table`."""
    app = web.Application()
    app.router.add_get("/", table.page)
    app.router.add_get("/session", table.session)
    app.router.add_get("/ws", table.socket)
    app.router.add_get("/replay", table.replay)
    app.router.add_static("/static/", STATIC)
    seating = table.seating
    if isinstance(seating, DiscordSeating):

        async def auth(request: web.Request) -> web.Response:
            return await auth_endpoint(request, seating.signin, seating.sessions)

        app.router.add_post("/auth", auth)

    async def closing(app: web.Application) -> None:
        for watch in list(table.watches.values()):
            for ws in list(watch.sockets):
                await ws.close()
        table.close()
        if isinstance(seating, DiscordSeating):
            await seating.signin.close()

    app.on_shutdown.append(closing)
    return app
