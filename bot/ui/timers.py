"""The one background task that ends overdue turns and round breaks.

Deadlines live in the database (saved with every move), so they survive restarts: after a
start the task simply asks storage for the earliest one. Due deadlines are claimed in storage
before they are handled, so when several processes share the database each is handled by
one; a process that dies holding claims lets them run out and another takes them over. It
sleeps until then (at most `MAX_SLEEP`), and is woken early when a move may have set an
earlier deadline (`poke`).
Seasons whose length ran out are ended here too (at most MAX_SLEEP late), and tournaments
whose round is over go on to the next (bot/ui/tournament_rounds.py).
The clock is injected: under SimCord it is the virtual clock that `advance_time` moves.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.service import GameError
from bot.service.autoplay import time_out
from bot.service.pauses import is_paused
from bot.ui.seasons import end_due_seasons
from bot.ui.tournament_rounds import tick as tournaments_tick
from storage import DueDeadline

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)
MAX_SLEEP = 60.0
RETRY_AFTER = 30.0  # a deadline that could not be handled is tried again this much later


class DeadlineWatcher:
    def __init__(self, bot: GameBot, clock: Callable[[], float]) -> None:
        self.bot = bot
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self._sleeping = False
        self._dirty = False

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def poke(self) -> None:
        """A deadline was (maybe) set: re-check now instead of finishing the current sleep."""
        if self._task is None or self._task.done():
            return
        if self._sleeping:
            self._task.cancel()
            self._task = None
            self.start()
        else:
            self._dirty = True

    async def _run(self) -> None:
        while True:
            self._dirty = False
            try:
                await self.check()
                upcoming = await self.bot.storage.next_deadline()
            except Exception:  # noqa: BLE001 - the watcher must outlive a bad tick
                log.exception("turn deadline check failed")
                upcoming = self.clock() + RETRY_AFTER
            if self._dirty:
                continue
            delay = MAX_SLEEP if upcoming is None else upcoming - self.clock()
            self._sleeping = True
            try:
                await self.bot.wait(min(max(delay, 0.0), MAX_SLEEP))
            finally:
                self._sleeping = False

    async def check(self) -> int:
        """End every overdue turn (and season: bot/ui/seasons.py); returns how many turns
        were handled."""
        storage, flow = self.bot.storage, self.bot.flow
        handled = 0
        try:
            await end_due_seasons(self.bot)
        except Exception:  # noqa: BLE001 - a season's end must not hold up the turns
            log.exception("ending the due seasons failed")
        try:
            await tournaments_tick(self.bot, now=self.clock())  # rounds over: on to the next
        except Exception:  # noqa: BLE001 - a tournament must not hold up the turns
            log.exception("moving the tournaments on failed")
        service = self.bot.service
        claimed = await storage.claim_due_deadlines(
            self.clock(), service.owner, lease=service.claim_lease
        )
        for due in claimed:
            if is_paused(due):
                handled += await self._end_break(due)
                continue
            try:
                result = await time_out(self.bot.service, due.game_id, due.version, flow.rng)
            except GameError:
                result = None  # a click (maybe in another process) moved the game first
            except Exception:  # noqa: BLE001 - one broken game must not stop the others
                log.exception("timeout failed for game %s", due.game_id)
                result = None
            if result is None:
                await self._postpone(due.game_id, due.version)
                continue
            handled += 1
            await flow.timed_out(result)
        return handled

    async def _end_break(self, due: DueDeadline) -> int:
        """The round break ran out: the next round starts as if a player pressed Next round."""
        failed = False
        try:
            game = await self.bot.service.end_pause(due.game_id, due.version, None)
        except Exception:  # noqa: BLE001 - one broken game must not stop the others
            log.exception("ending the round break failed for game %s", due.game_id)
            game, failed = None, True
        if game is not None:
            await self.bot.flow.round_resumed(game)
            return 1
        stored = await self.bot.storage.get_game(due.game_id)
        if stored.status == "running" and stored.turn_deadline == due.turn_deadline:
            # Nobody ended it meanwhile (a click would have replaced the deadline): retry a
            # failed end as a break; anything else is no break to end, so stop marking it.
            retry = self.clock() + RETRY_AFTER
            await self.bot.storage.set_turn_deadline(due.game_id, retry, paused=failed)
            self.bot.service.forget(due.game_id)
        return 0

    async def _postpone(self, game_id: int, version: int) -> None:
        game = await self.bot.storage.get_game(game_id)
        if game.version == version and game.status == "running":
            # Not a break: a retry never turns a turn into a round break (or keeps a stuck one).
            await self.bot.storage.set_turn_deadline(game_id, self.clock() + RETRY_AFTER)
            self.bot.service.forget(game_id)
