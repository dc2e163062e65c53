"""PostgreSQL LISTEN/NOTIFY: "game N changed", between the processes sharing one database.

The process that committed a move NOTIFYs `game_changed` (after the commit, so a listener
reads the committed game); every web process (and any process that shows games) LISTENs on
its own connection and refreshes what it shows. The payload is small JSON: the game, the
sending process (so a process skips its own news, which it announced in-process already),
after a rematch the game it goes on as, and two marks for the shards: `followed` (a shard
committed it and shows it in Discord itself, so no other shard tells the next player again)
and `resumed` (the move ended a round break: the new round's hands go out). A lost
notification costs a refresh, never a move: the moves are in the tables, the news only says
where to look.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import asyncpg

from storage.postgres.db import checked

log = logging.getLogger(__name__)
CHANNEL = "game_changed"
PROCESS = secrets.token_hex(6)
"""This process's tag in its notifications."""


@dataclass(frozen=True, slots=True)
class News:
    """Game `game_id` changed in process `origin` (a rematch: it goes on as `moved_to`)."""

    game_id: int
    origin: str
    moved_to: int | None = None
    followed: bool = False
    resumed: bool = False

    def payload(self) -> str:
        data: dict[str, Any] = {"g": self.game_id, "o": self.origin}
        if self.moved_to is not None:
            data["m"] = self.moved_to
        if self.followed:
            data["f"] = 1
        if self.resumed:
            data["r"] = 1
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def parse(cls, payload: str) -> News | None:
        try:
            data = json.loads(payload)
            moved = data.get("m")
            return cls(
                int(data["g"]),
                str(data["o"]),
                None if moved is None else int(moved),
                followed=bool(data.get("f")),
                resumed=bool(data.get("r")),
            )
        except (ValueError, KeyError, TypeError, AttributeError):
            return None


Handler = Callable[[News], Coroutine[Any, Any, None]]


class GameNews:
    """One connection that both LISTENs on `game_changed` and sends this process's NOTIFYs."""

    def __init__(self, conn: asyncpg.Connection, origin: str) -> None:
        self._conn = conn
        self.origin = origin
        self._lock = asyncio.Lock()  # one operation at a time on the connection
        self._handlers: list[Handler] = []
        self._tasks: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(cls, url: str, origin: str = PROCESS) -> GameNews:
        news = cls(await asyncpg.connect(checked(url)), origin)
        await news._conn.add_listener(CHANNEL, news._received)
        return news

    def subscribe(self, handler: Handler) -> None:
        """`handler` gets every other process's news, in the order it arrives."""
        self._handlers.append(handler)

    async def send(
        self,
        game_id: int,
        moved_to: int | None = None,
        *,
        followed: bool = False,
        resumed: bool = False,
    ) -> None:
        """NOTIFY: call after the commit (NOTIFY in a transaction waits for its commit)."""
        payload = News(game_id, self.origin, moved_to, followed, resumed).payload()
        async with self._lock:
            await self._conn.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)

    def _received(self, _conn: Any, _pid: int, _channel: str, payload: object) -> None:
        news = News.parse(payload) if isinstance(payload, str) else None
        if news is None:
            log.warning("an unreadable %s notification: %.80r", CHANNEL, payload)
            return
        if news.origin == self.origin:
            return  # our own: announced in-process when it was committed
        for handler in self._handlers:
            task = asyncio.get_running_loop().create_task(handler(news))
            self._tasks.add(task)
            task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a %s handler failed", CHANNEL, exc_info=task.exception())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self._conn.close()
