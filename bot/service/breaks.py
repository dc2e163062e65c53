"""The pause between rounds: the table shows the finished round until a player presses
"Next round" or ROUND_PAUSE_SECONDS pass; only then is the new round offered.

The engine deals the next round inside `apply`, so the break is not a rules state: it is a
window in which the service does not offer the (already dealt) new round: no hand, no moves,
no AI turn, no turn timer. It must survive a restart, so the break's end is stored as the
game's `turn_deadline` (which the deadline task already watches) with the game's
`round_break` flag set. Every deadline write sets that flag, so it cannot outlive its break;
ending the break replaces both with the first turn's deadline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.games.loveletter.snapshots import BreakInfo, HandInfo, PublicTable, names_of
from bot.service import errors
from engine.loveletter.events import Event, RoundEnded, RoundStarted
from storage import DueDeadline, Game

if TYPE_CHECKING:
    from engine.loveletter.state import GameState
    from storage import Storage


def is_break(game: Game | DueDeadline) -> bool:
    """Whether the game's stored deadline is the end of a round break (not a turn's)."""
    return game.round_break and game.turn_deadline is not None


class BreakOps:
    """Mixed into GameService; uses its clock, storage, locks and cache."""

    round_pause: float = 0.0  # seconds; the client sets ROUND_PAUSE_SECONDS (0 = no break)

    if TYPE_CHECKING:
        storage: Storage
        clock: Any
        _cache: dict[int, tuple[Game, GameState]]

        def lock(self, game_id: int) -> Any: ...
        async def running(self, game_id: int) -> tuple[Game, GameState]: ...
        def deadline_for(self, game: Game, state: GameState) -> float | None: ...

    def break_info(self, game: Game, state: GameState) -> BreakInfo | None:
        """The break the game is in, or None while a round is being played (or it is over)."""
        until = game.turn_deadline
        if until is None or not is_break(game) or state.over or not state.history:
            return None
        left = max(0, math.ceil(until - self.clock()))
        return BreakInfo(until, left, state.history[-1], state.round_no, state.deciding)

    def refuse_in_break(self, game: Game, state: GameState) -> None:
        """Nothing of the new round can be played (or peeked at) before the break ends."""
        info = self.break_info(game, state)
        if info is not None:
            raise errors.InRoundBreak(info.seconds_left)

    def deadline_after(
        self, game: Game, new: GameState, events: Sequence[Event]
    ) -> tuple[float | None, bool]:
        """The deadline saved with a move and whether it ends a round break: there is a break
        after a round that did not end the game."""
        if self.round_pause > 0 and not new.over and any(isinstance(e, RoundEnded) for e in events):
            return self.clock() + self.round_pause, True
        return self.deadline_for(game, new), False

    def announced(self, game: Game, events: Sequence[Event]) -> Sequence[Event]:
        """The events to tell players now: in a break, not the new round's deal yet."""
        if not is_break(game):
            return events
        for i, e in enumerate(events):
            if isinstance(e, RoundStarted):
                return events[:i]
        return events

    def with_last_move(self, table: PublicTable, events: Sequence[Event]) -> PublicTable:
        """A break's table also shows how the round ended: the public events of the move that
        ended it (the engine's log already belongs to the next round)."""
        if table.round_break is None:
            return table
        ended = []
        for e in events:
            if isinstance(e, RoundStarted):
                break
            if e.audience is None and not isinstance(e, RoundEnded):
                ended.append(e.to_dict())
        return replace(table, recent=tuple(ended))

    def break_hand(self, game: Game, player_id: str, info: BreakInfo) -> HandInfo:
        """A player's hand during the break: the result, no cards of the round not yet begun."""
        return HandInfo(
            game_id=game.id,
            version=game.version,
            edition=game.edition,
            player_id=player_id,
            hand=(),
            private_log=(),
            my_turn=False,
            moves=(),
            forced_reason=None,
            in_round=True,
            names=names_of(game),
            over=False,
            round_break=info,
        )

    async def end_break(
        self, game_id: int, version: int | None, player_id: str | None
    ) -> Game | None:
        """Start the next round now: a player's click (`player_id`) or the timer (None).

        None when there is nothing to end any more (another click or the timer was first, or
        `version` is not the game's). The first turn's deadline replaces the break's.
        """
        async with self.lock(game_id):
            game, state = await self.running(game_id)
            if player_id is not None and game.seat_of(player_id) is None:
                raise errors.NotAPlayer()
            if version is not None and version != game.version:
                return None
            if self.break_info(game, state) is None:
                return None
            deadline = self.deadline_for(game, state)
            await self.storage.set_turn_deadline(game_id, deadline)
            updated = replace(game, turn_deadline=deadline, round_break=False)
            self._cache[game_id] = (updated, state)
        return updated
