"""Lobby lifecycle: new, join, leave, start, end, rematch. Storage enforces one game per
channel.

A rematch is a new lobby in the same channel with a finished game's players and settings:
whoever asks must have played in that game and hosts the new lobby; the other players are
seated again (they can leave before the start), AI seats come back with their levels, and a
player whose seat an AI took over comes back as themselves.
"""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING, Any

from bot.i18n import _, n_
from bot.i18n.shown import shown_command
from bot.platform.registry import table_rules
from bot.platform.rules import TableRules
from bot.service import errors
from engine.api import Game as EngineGame
from engine.api import game as engine_game
from storage import (
    AlreadySeated,
    ChannelBusy,
    Game,
    GameNotFound,
    LobbyFull,
    NotSeated,
    WrongStatus,
)

if TYPE_CHECKING:
    import asyncio

    from storage import Storage


def check_options(game: str, variant: str, options: dict[str, str]) -> dict[str, str]:
    """Only the variant's known options with known values; errors say what is allowed."""
    variants = engine_game(game).variants
    if variant not in variants:
        raise errors.LobbyProblem(
            _(
                "Unknown edition {variant}; choose {choices}.",
                variant=repr(variant),
                choices=", ".join(variants),
            )
        )
    allowed = variants[variant].options
    for key, value in options.items():
        if key not in allowed:
            raise errors.LobbyProblem(
                _("{variant} has no option {key}.", variant=variant, key=repr(key))
            )
        if value not in allowed[key]:
            raise errors.LobbyProblem(
                _("{key} must be one of {choices}.", key=key, choices=", ".join(allowed[key]))
            )
    return dict(options)


class LobbyOps:
    """Mixed into GameService; uses its storage, locks and cache."""

    storage: Storage
    seed_source: random.Random | None = None  # tests set it for reproducible deals

    if TYPE_CHECKING:

        def lock(self, game_id: int) -> asyncio.Lock: ...
        def forget(self, game_id: int) -> None: ...
        def deadline_for(self, game: Game, state: Any) -> float | None: ...
        def rules(self, game: Game) -> TableRules: ...
        def engine(self, game: Game) -> EngineGame: ...

    async def in_channel(self, channel_id: int, game: str | None = None) -> Game:
        """The channel's lobby or running game; NoGame, or if it is another game than `game`
        (the command's), a refusal naming the game it is."""
        found = await self.storage.get_game_in_channel(channel_id)
        if found is None:
            raise errors.NoGame()
        if game is not None and found.game != game:
            other = table_rules(found.game)
            raise errors.GameError(
                _(
                    "This channel's game is {title}; use `/{group}` for it.",
                    title=other.title(),
                    group=shown_command(other.command),
                )
            )
        return found

    async def new_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        variant: str,
        options: dict[str, str],
        timer_seconds: int = 300,
    ) -> Game:
        opts = check_options(game, variant, options)
        if not 0 <= timer_seconds <= 86400:
            raise errors.LobbyProblem(_("The turn timer must be 0 (none) to 86400 seconds."))
        try:
            lobby = await self.storage.create_lobby(
                guild_id,
                channel_id,
                game,
                variant,
                host_id,
                options=opts,
                timer_seconds=timer_seconds,
            )
        except ChannelBusy:
            raise errors.ChannelHasGame() from None
        await self.storage.join(lobby.id, str(host_id), host_name, user_id=host_id)
        return await self.storage.get_game(lobby.id)

    async def join(self, channel_id: int, user_id: int, name: str, kind: str | None = None) -> Game:
        game = await self.in_channel(channel_id, kind)
        if game.status != "lobby":
            raise errors.LobbyProblem(_("The game has already started."))
        limit = self.engine(game).variants[game.variant].max_players
        try:
            await self.storage.join(game.id, str(user_id), name, user_id=user_id, max_seats=limit)
        except AlreadySeated:
            raise errors.LobbyProblem(_("You are already in this game.")) from None
        except LobbyFull:
            raise errors.LobbyProblem(
                _("The lobby is full ({limit} players).", limit=limit)
            ) from None
        except WrongStatus:
            raise errors.LobbyProblem(_("The game has already started.")) from None
        return await self.storage.get_game(game.id)

    async def leave(self, channel_id: int, user_id: int, kind: str | None = None) -> Game:
        game = await self.in_channel(channel_id, kind)
        if game.status != "lobby":
            raise errors.LobbyProblem(
                _("The game has started; ask the host to `/{command} end` it.")
            )
        if user_id == game.host_id:
            raise errors.LobbyProblem(_("The host cannot leave; use `/{command} end` instead."))
        try:
            await self.storage.leave(game.id, str(user_id))
        except NotSeated:
            raise errors.LobbyProblem(_("You are not in this lobby.")) from None
        except WrongStatus:
            raise errors.LobbyProblem(_("The game has already started.")) from None
        return await self.storage.get_game(game.id)

    async def start(
        self,
        channel_id: int,
        user_id: int,
        rng: random.Random | None = None,
        kind: str | None = None,
    ) -> Game:
        game = await self.in_channel(channel_id, kind)
        if game.status != "lobby":
            raise errors.LobbyProblem(_("The game has already started."))
        if user_id != game.host_id:
            raise errors.HostOnly(_("Only the host can start the game."))
        rules = self.engine(game)
        ed = rules.variants[game.variant]
        count = len(game.seats)
        if not ed.min_players <= count <= ed.max_players:
            raise errors.LobbyProblem(
                n_(
                    "{edition} needs {least}–{most} players; the lobby has {n}.",
                    "{edition} needs {least}–{most} players; the lobby has {n}.",
                    count,  # German: "in der Lobby sitzt 1", "sitzen 2"
                    edition=self.rules(game).title(game.variant),
                    least=ed.min_players,
                    most=ed.max_players,
                )
            )
        async with self.lock(game.id):
            seeds = self.seed_source
            seed = seeds.getrandbits(64) if seeds is not None else secrets.randbits(64)
            rng = rng or random.Random(seed)
            state = rules.create(
                game.variant,
                [s.player_id for s in game.seats],
                dict(game.options),
                rng,
                names={s.player_id: s.display_name for s in game.seats},
            )
            try:
                started = await self.storage.start(
                    game.id, rules.to_json(state), turn_deadline=self.deadline_for(game, state)
                )
            except WrongStatus:
                raise errors.LobbyProblem(_("The game has already started.")) from None
            self.forget(game.id)
        return started

    async def lobby_action(
        self, action: str, channel_id: int, user_id: int, name: str, kind: str
    ) -> Game:
        """A lobby button of any game: "join", "leave" or "start"."""
        if action == "join":
            return await self.join(channel_id, user_id, name, kind)
        if action == "leave":
            return await self.leave(channel_id, user_id, kind)
        return await self.start(channel_id, user_id, kind=kind)

    async def end(
        self, channel_id: int, user_id: int, can_manage: bool, kind: str | None = None
    ) -> Game:
        game = await self.in_channel(channel_id, kind)
        if user_id != game.host_id and not can_manage:
            raise errors.HostOnly(
                _("Only the host (or someone with Manage Server) can end the game.")
            )
        async with self.lock(game.id):
            try:
                ended = await self.storage.abandon(game.id)
            except (WrongStatus, GameNotFound):
                raise errors.NoGame() from None
            self.forget(game.id)
        return ended

    async def rematch(self, game_id: int, user_id: int, user_name: str) -> Game:
        """The new lobby (hosted by `user_id`); refused while the old game still runs, for
        someone who did not play in it, or when the channel already has another game."""
        try:
            old = await self.storage.get_game(game_id)
        except GameNotFound:
            raise errors.NoGame() from None
        if old.status in ("lobby", "running"):
            raise errors.LobbyProblem(_("That game is not over yet."))
        if not any(s.user_id == user_id for s in old.seats):
            raise errors.LobbyProblem(_("Only the players of that game can ask for a rematch."))
        new = await self.new_lobby(
            old.guild_id,
            old.channel_id,
            user_id,
            user_name,
            old.game,
            old.variant,
            dict(old.options),
            old.timer_seconds,
        )
        bots = 0
        for seat in old.seats:
            if seat.user_id == user_id:
                continue
            if seat.user_id is not None:
                await self.storage.join(
                    new.id, str(seat.user_id), seat.display_name, user_id=seat.user_id
                )
            elif seat.ai_level is not None:
                bots += 1
                name = self.rules(old).ai_name(seat.ai_level, bots)
                await self.storage.join(new.id, f"ai{bots}", name, ai_level=seat.ai_level)
        return await self.storage.get_game(new.id)

    async def set_table_message(self, game_id: int, message_id: int) -> None:
        await self.storage.set_table_message(game_id, message_id)
        self.forget(game_id)
