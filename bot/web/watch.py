"""The sockets watching one game, and the fan-out of a change to them.

After a change every socket gets its own fresh frames, built once per distinct view: the
public table once per language, a private frame once per (seated player, language). Two
sockets of one viewer (two tabs) share them. Changes of one game go out one after another,
so a socket never receives an older version after a newer one.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from bot.i18n import use_locale
from bot.service import GameService, Outcome
from bot.web.frames import private_frame, snapshot, table_frame

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is at a socket: a seated player (their player id) or a spectator (None)."""

    player: str | None
    lang: str


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Watch:
    """One game's sockets; `frames_built` counts frames built (the fan-out's cost)."""

    game_id: int
    game: str = ""  # the game's registry name
    sockets: dict[web.WebSocketResponse, Viewer] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    frames_built: int = 0
    pushed: tuple[int, int, bool] = (-1, -1, False)
    """(version, revision, with the move's outcome) last sent to every socket."""

    async def push(
        self,
        service: GameService,
        outcome: Outcome | None = None,
        only: Iterable[web.WebSocketResponse] | None = None,
    ) -> None:
        """Send every socket (or those in `only`) the game as it is now."""
        async with self.lock:
            targets = dict(self.sockets) if only is None else {s: self.sockets[s] for s in only}
            if not targets:
                return
            snap = await snapshot(service, self.game_id, outcome)
            if only is None:
                # One commit may be announced twice (by its mover and by the service's commit
                # hook, or by NOTIFY): the game as it is was sent already, skip it; but the
                # mover's outcome (its table tells the move) replaces a plain refresh.
                version, revision, told = self.pushed
                if (version, revision) == (snap.version, snap.game.revision) and (
                    told or outcome is None
                ):
                    return
                self.pushed = (snap.version, snap.game.revision, outcome is not None)
            texts: dict[tuple[str | None, str], str] = {}
            for viewer in set(targets.values()):
                with use_locale(viewer.lang):
                    if (None, viewer.lang) not in texts:
                        texts[None, viewer.lang] = dumps(table_frame(snap))
                        self.frames_built += 1
                    if viewer.player is not None:
                        frame = private_frame(service, snap, viewer.player)
                        texts[viewer.player, viewer.lang] = dumps(frame)
                        self.frames_built += 1
            for ws, viewer in targets.items():
                await send(ws, texts[None, viewer.lang])
                if viewer.player is not None:
                    await send(ws, texts[viewer.player, viewer.lang])


async def send(ws: web.WebSocketResponse, text: str) -> None:
    """Send, ignoring a socket that is closing (its handler removes it)."""
    if ws.closed:
        return
    try:
        await ws.send_str(text)
    except (ConnectionError, RuntimeError) as exc:
        log.debug("a live-table socket went away: %s", exc)
