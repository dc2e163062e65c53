"""What follows a committed move when the live table runs on its own (`play --web`): AI seats
move after a short delay, an AI hobbit takes a free action that pays while a human decides,
and a pause (Love Letter's round break) ends when its time is up. Each is the service's own
AI autoplay (`bot.service.autoplay`), as the bot's turn flow uses it, and each result is
announced like any other move. In the bot's process the bot's turn flow does this instead.
"""

from __future__ import annotations

import asyncio
import logging
import random

from bot.service import GameError, GameService
from bot.service.autoplay import ai_free_move, ai_move, ai_to_move
from bot.service.pauses import is_paused
from bot.web.announce import Announcer, Change

log = logging.getLogger(__name__)


class AiDriver:
    """Listens to the announcer; one pending step per (game, version)."""

    def __init__(
        self,
        service: GameService,
        announcer: Announcer,
        delay: float = 1.0,
        rng: random.Random | None = None,
    ) -> None:
        self.service = service
        self.announcer = announcer
        self.delay = delay
        self.rng = rng or random.Random()
        self._tasks: set[asyncio.Task[None]] = set()
        self._scheduled: dict[tuple[int, int], tuple[asyncio.Task[None], bool]] = {}
        """(game, version) -> its pending step, and whether that step waits for a pause."""
        self._unsubscribe = announcer.subscribe(self.changed)

    async def changed(self, change: Change) -> None:
        if change.moved_to is None:
            await self.follow(change.game_id)

    async def follow(self, game_id: int) -> None:
        """Schedule what the game waits for now, if an AI or the clock is to act."""
        try:
            game, _state = await self.service.running(game_id)
        except GameError:
            return  # over
        key, paused = (game_id, game.version), is_paused(game)
        pending = self._scheduled.get(key)
        if pending is not None:
            if not pending[1] or paused:
                return
            pending[0].cancel()  # a player ended the pause: its timer has nothing left to do
        task = asyncio.get_running_loop().create_task(self._step(game_id, game.version))
        self._scheduled[key] = (task, paused)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _step(self, game_id: int, version: int) -> None:
        try:
            change = await self._act(game_id, version)
        except GameError:
            change = None  # ended or moved on meanwhile
        except Exception:  # noqa: BLE001 - a background move must never stop the table
            log.exception("the live table's AI step failed in game %s", game_id)
            change = None
        key = (game_id, version)
        if key in self._scheduled and self._scheduled[key][0] is asyncio.current_task():
            del self._scheduled[key]  # a pause's end keeps the version: the next step may come
        if change is not None:
            await self.announcer.publish(change)

    async def _act(self, game_id: int, version: int) -> Change | None:
        """The step due at `version`, committed; None when there is none (a human's turn)."""
        game, state = await self.service.running(game_id)
        if is_paused(game):
            assert game.turn_deadline is not None
            await asyncio.sleep(max(0.0, game.turn_deadline - self.service.clock()))
            ended = await self.service.end_pause(game_id, version, None)
            return Change(game_id) if ended is not None else None
        if ai_to_move(self.service, game, state) is not None:
            await asyncio.sleep(self.delay)
            outcome = await ai_move(self.service, game_id, version, self.rng)
        else:
            outcome = await ai_free_move(self.service, game_id, version)
        return Change(game_id, outcome) if outcome is not None else None

    async def close(self) -> None:
        """Stop every pending step (and wait for them to end)."""
        self._unsubscribe()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
