"""The in-process announcement that a game changed, for every surface watching it.

Whoever commits a move (the page, an AI turn, the end of a pause) publishes a `Change` after
the commit; the live table's sockets and the AI driver subscribe. Nothing is polled. Between
processes PostgreSQL NOTIFY will carry the same news (part 2 of issue 43).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.service import Outcome

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Change:
    """Game `game_id` changed: a committed move (`outcome`), the end of a pause (neither), or
    a rematch that goes on as game `moved_to`."""

    game_id: int
    outcome: Outcome | None = None
    moved_to: int | None = None


Listener = Callable[[Change], Awaitable[None]]


class Announcer:
    """A small publish/subscribe: `publish` awaits every listener (a failing one is logged
    and never stops the others, nor the mover, whose move is committed already)."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

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
