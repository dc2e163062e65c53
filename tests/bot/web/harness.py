"""A live table on a real SQLite file, served by aiohttp's test server, with sockets as the
page opens them (mock mode: `?game=ID&user=UID`, no user: a spectator).

`RecordingService` is the real service that also keeps every committed state and the events
of each move, so a test can say what each viewer was allowed to know at each version.
"""

from __future__ import annotations

import json
import random
import socket
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import ClientWebSocketResponse
from aiohttp.test_utils import TestClient, TestServer

from bot.service import GameService
from bot.web.announce import Announcer
from bot.web.app import LiveTable, QuerySeating, Seating, make_app
from bot.web.driver import AiDriver
from engine.api import Event
from storage import Storage

CHANNEL = 10
ANN, BOB = 101, 102
"""The two human players' user ids (player ids "101", "102")."""
WAIT = 10.0
"""Seconds a socket may take to receive a frame before the test fails."""


def free_port() -> int:
    """A local TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RecordingService(GameService):
    """The game service, keeping each committed state and the events that made it."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage)
        self.states: dict[int, Any] = {}
        self.events: dict[int, tuple[Event, ...]] = {}

    async def commit_move(
        self,
        game: Any,
        old: Any,
        new: Any,
        player: str,
        decision: Any,
        events: Sequence[Event],
        seat_updates: Any = None,
    ) -> Any:  # noqa: E501
        updated = await super().commit_move(game, old, new, player, decision, events, seat_updates)
        self.states[updated.version] = new
        self.events[updated.version] = tuple(events)
        return updated

    async def take_back(self, game_id: int, player_id: str, version: int | None) -> Any:
        outcome = await super().take_back(game_id, player_id, version)
        self.states[outcome.game.version] = outcome.state
        self.events[outcome.game.version] = outcome.events
        return outcome


@dataclass
class Live:
    """The running live table of one test."""

    service: RecordingService
    announcer: Announcer
    table: LiveTable
    client: TestClient[Any, Any]
    driver: AiDriver | None = None
    sockets: list[Socket] = field(default_factory=list)

    async def open(self, game_id: int, user: int | None = None, lang: str = "en") -> Socket:
        query = f"/ws?game={game_id}&lang={lang}" + (f"&user={user}" if user else "")
        ws = await self.client.ws_connect(query)
        sock = Socket(ws, user)
        self.sockets.append(sock)
        await sock.until("table")
        return sock

    async def new_game(
        self,
        game: str,
        variant: str,
        humans: Sequence[int] = (ANN, BOB),
        bots: int = 0,
        seed: int = 3,
    ) -> int:
        """A started game: the humans (the first hosts) and `bots` standard AI seats."""
        s = self.service
        s.seed_source = random.Random(seed)
        await s.new_lobby(1, CHANNEL, humans[0], "Ann", game, variant, {}, 0)
        for user, name in zip(humans[1:], ("Bob", "Cid", "Dot"), strict=False):
            await s.join(CHANNEL, user, name, game)
        for _bot in range(bots):
            await s.add_bot(CHANNEL, humans[0], "standard", game)
        started = await s.start(CHANNEL, humans[0], kind=game)
        s.states[started.version] = (await s.running(started.id))[1]
        if self.driver is not None:
            await self.driver.follow(started.id)
        return started.id


class Socket:
    """One page's socket: every frame it received, in order."""

    def __init__(self, ws: ClientWebSocketResponse, user: int | None) -> None:
        self.ws = ws
        self.user = user
        self.frames: list[dict[str, Any]] = []
        self._read = 0

    async def receive(self) -> dict[str, Any]:
        message = await self.ws.receive(timeout=WAIT)
        frame: dict[str, Any] = json.loads(message.data)
        self.frames.append(frame)
        return frame

    async def until(self, kind: str, version: int | None = None) -> dict[str, Any]:
        """The next frame of `kind` (at `version` or later, if given), reading on."""
        for frame in self.frames[self._read :]:
            self._read += 1
            if frame["type"] == kind and (version is None or frame.get("version", 0) >= version):
                return frame
        while True:
            frame = await self.receive()
            self._read += 1
            if frame["type"] == kind and (version is None or frame.get("version", 0) >= version):
                return frame

    def latest(self, kind: str) -> dict[str, Any] | None:
        return next((f for f in reversed(self.frames) if f["type"] == kind), None)

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(message))


@asynccontextmanager
async def live_table(
    path: Path,
    *,
    pause: float = 0.0,
    ai_delay: float | None = None,
    seating: Callable[[Storage], Seating] | None = None,
) -> AsyncIterator[Live]:
    """A live table in mock mode (or `seating`'s) over the SQLite file `path`; with
    `ai_delay` the AI seats move (after that many seconds) as in `play --web`."""
    storage = await Storage.open(path)
    service = RecordingService(storage)
    service.pause_seconds = pause
    announcer = Announcer()
    table = LiveTable(service, announcer, seating(storage) if seating else QuerySeating())
    driver = None
    if ai_delay is not None:
        driver = AiDriver(service, announcer, ai_delay, random.Random(7))
    client: TestClient[Any, Any] = TestClient(TestServer(make_app(table)))
    await client.start_server()
    live = Live(service, announcer, table, client, driver)
    try:
        yield live
    finally:
        for sock in live.sockets:
            await sock.ws.close()
        if driver is not None:
            await driver.close()
        await client.close()
        await storage.close()
