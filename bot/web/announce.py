"""The in-process announcement that a game changed, for every surface watching it.

Whoever commits a move (the page, an AI turn, the end of a pause) publishes a `Change` after
the commit; the live table's sockets and the AI driver subscribe. Nothing is polled. Between
processes PostgreSQL NOTIFY carries the same news (bot/web/bridge.py). The service's commit
hook (`GameService.on_commit`, wired by `announce_commits`) announces every other commit too:
a Discord click, an AI turn, a timeout.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.service import GameService, Outcome

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Change:
    """Game `game_id` changed: a committed move (`outcome`), the end of a pause (neither), or
    a rematch that goes on as game `moved_to`."""

    game_id: int
    outcome: Outcome | None = None
    moved_to: int | None = None
    remote: bool = False
    """Another process's news (PostgreSQL NOTIFY): not to be sent on again."""
    followed: bool = False
    """A bot's own commit, which that bot shows in Discord itself (table, DMs, next turn): no
    other shard follows it again, so nobody is told of their turn twice."""
    resumed: bool = False
    """The change ended a round break: the new round's hands go out with its first turn."""


Listener = Callable[[Change], Awaitable[None]]


class Announcer:
    """A small publish/subscribe: `publish` awaits every listener (a failing one is logged
    and never stops the others, nor the mover, whose move is committed already)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []
        self._tasks: set[asyncio.Task[None]] = set()

    def soon(self, game_id: int, *, followed: bool = False) -> None:
        """Publish `Change(game_id)` from synchronous code (the commit hook), as a task."""
        change = Change(game_id, followed=followed)
        task = asyncio.get_running_loop().create_task(self.publish(change))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def settled(self) -> None:
        """Wait for the announcements `soon` started (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Add `listener`; the returned function removes it again (once is enough)."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    async def publish(self, change: Change) -> None:
        results = await asyncio.gather(
            *(listener(change) for listener in list(self._listeners)), return_exceptions=True
        )
        for result in results:
            if isinstance(result, Exception):
                log.error("a listener failed on game %s", change.game_id, exc_info=result)


def announce_commits(service: GameService, announcer: Announcer, *, followed: bool = False) -> None:
    """Every commit of `service` (clicks, AI turns, timeouts, the page) is announced;
    `followed`: by a bot, which shows its own commits in Discord (a page's move in the bot's
    process is followed through the page's own announcement, which carries its outcome)."""

    def announce(game_id: int) -> None:
        announcer.soon(game_id, followed=followed)

    service.on_commit = announce
