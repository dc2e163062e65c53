"""Pauses a game asks for (Love Letter: the break between rounds, until a player presses
"Next round" or ROUND_PAUSE_SECONDS pass).

A pause is not a rules state: the engine has already moved on (dealt the next round), and the
service simply offers nothing of what follows until the pause ends: no hand, no decisions, no
AI turn, no turn timer. It must survive a restart, so its end is stored as the game's
`turn_deadline` (which the deadline task already watches) with the game's `paused` flag set.
Every deadline write sets that flag, so it cannot outlive its pause; ending the pause replaces
both with the next turn's deadline. The game's rules of the table say when a move starts a pause and
what the table shows meanwhile.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.platform.rules import Pause, TableRules
from bot.service import errors
from engine.api import Event
from storage import DueDeadline, Game

if TYPE_CHECKING:
    import asyncio

    from bot.service.cache import CountLru
    from storage import Storage


def is_paused(game: Game | DueDeadline) -> bool:
    """Whether the game's stored deadline is the end of a pause (not a turn's)."""
    return game.paused and game.turn_deadline is not None


class PauseOps:
    """Mixed into GameService; uses its clock, storage, locks and cache."""

    pause_seconds: float = 0.0  # the client sets ROUND_PAUSE_SECONDS (0 = no pause)

    if TYPE_CHECKING:
        storage: Storage
        clock: Callable[[], float]
        _cache: CountLru[int, tuple[Game, Any]]
        on_commit: Callable[[int], None]

        def lock(self, game_id: int) -> asyncio.Lock: ...
        def rules(self, game: Game) -> TableRules: ...
        async def running(self, game_id: int) -> tuple[Game, Any]: ...
        def deadline_for(self, game: Game, state: Any) -> float | None: ...

    def is_paused(self, game: Game) -> bool:
        return is_paused(game)

    def pause_info(self, game: Game, state: Any) -> Any | None:
        """The game's own account of the pause it is in, or None while it is being played."""
        until = game.turn_deadline
        if until is None or not is_paused(game):
            return None
        pause = Pause(until, max(0, math.ceil(until - self.clock())))
        return self.rules(game).pause_info(state, pause)

    def refuse_in_pause(self, game: Game, state: Any) -> None:
        """Nothing after the pause can be played (or peeked at) before it ends."""
        info = self.pause_info(game, state)
        if info is not None:
            raise errors.InPause(info.notice)

    def deadline_after(
        self, game: Game, new: Any, events: Sequence[Event]
    ) -> tuple[float | None, bool]:
        """The deadline saved with a move and whether it ends a pause."""
        if self.pause_seconds > 0 and self.rules(game).pause_after(new, events):
            return self.clock() + self.pause_seconds, True
        return self.deadline_for(game, new), False

    async def end_pause(
        self, game_id: int, version: int | None, player_id: str | None
    ) -> Game | None:
        """Go on now: a player's click (`player_id`) or the timer (None).

        None when there is nothing to end any more (another click or the timer was first, or
        `version` is not the game's). The next turn's deadline replaces the pause's.
        """
        async with self.lock(game_id):
            game, state = await self.running(game_id)
            if player_id is not None and game.seat_of(player_id) is None:
                raise errors.NotAPlayer()
            if version is not None and version != game.version:
                return None
            if self.pause_info(game, state) is None:
                return None
            deadline = self.deadline_for(game, state)
            if not await self.storage.resume_paused(game_id, game.version, deadline):
                self._cache.pop(game_id, None)  # another process ended it: reload next time
                return None
            updated = replace(
                game, turn_deadline=deadline, paused=False, revision=game.revision + 1
            )
            self._cache[game_id] = (updated, state)
            self.on_commit(game_id)
        return updated
