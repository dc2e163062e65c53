"""The bounded undo in the service (issue 45): a player takes back their own last decision
while the game's rules allow it (engine/api.py `Undoable`; the Adventure's cases in
engine/adventure/undo.py), never after a die, a drawn card, something hidden shown or another
player's decision.

The state before a move is kept in memory by the process that committed it, so the pack can
offer Undo at no cost; after a restart, or in another process sharing the database, it is
recomputed from the game's initial state and its move log. Taking back is a move of its own
in the append-only log (`{"undo": 1}`), saved with the restored state in one transaction, so
every surface, a replay and another process see it like any move. One level: a decision
taken back cannot be taken back again, and nothing earlier comes back with it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _
from bot.platform.taken_back import UNDO, TakenBack, is_take_back
from bot.service import errors
from bot.service.cache import CountLru
from engine.api import Event, Refused, Undoable
from engine.api import Game as EngineGame
from storage import Game, StaleVersion, WrongStatus

if TYPE_CHECKING:
    from bot.platform.rules import TableRules
    from bot.service.outcome import Outcome
    from storage import Storage

NOTHING_TO_TAKE_BACK = N_(
    "There is nothing to take back: only your own last decision can be, while it rolled no die, "
    "drew no card, showed nothing hidden and nobody has decided since."
)


@dataclass(frozen=True, slots=True)
class LastMove:
    """A game's last move as it was committed: `version` is the game's version after it;
    `before`, the state to restore, only if the game's rules let the move be taken back
    (None: not, and nothing of the move kept: a Love Letter game's earlier state and its
    legal moves were ~30 objects a running game for every full collection to walk)."""

    version: int
    player: str
    decision: Any
    before: Any

    @classmethod
    def of(cls, game: Undoable, version: int, taken: Taken, after: Any) -> LastMove:
        """The move (`taken`, which led to `after`) as it is kept: whether it may be taken
        back is decided now (states are values, so the answer never changes)."""
        player, decision, before, events = taken
        may = game.undoable(before, player, decision, after, events)
        return cls(version, player, decision, before if may else None)

    @property
    def undoable(self) -> bool:
        return self.before is not None


Taken = tuple[str, Any, Any, tuple[Event, ...]]
"""A move that a take-back would undo: (player, decision, the state before it, its events)."""


def log_step(
    game: EngineGame, state: Any, taken: Taken | None, player: str, move: str
) -> tuple[Any, tuple[Event, ...], Taken | None]:
    """One entry of the move log applied to `state`: a decision through the rules, or a
    take-back restoring the state before the last decision (`taken`). The new state, its
    events, and what a take-back would now undo. Raises what the rules raise on a log they
    cannot read, ValueError for a take-back with nothing before it."""
    if is_take_back(move):
        if taken is None:
            raise ValueError("a take-back with no move before it")
        player, decision, before, _events = taken
        return before, (TakenBack(player, decision),), None
    decision = game.decision_from_dict(_decoded(move))
    after, events = game.apply(state, player, decision)
    return after, tuple(events), (player, decision, state, tuple(events))


def _decoded(move: str) -> dict[str, Any]:
    data = json.loads(move)
    if not isinstance(data, dict):
        raise ValueError("a move is a JSON object")
    return data


class UndoOps:
    """Mixed into GameService; uses its storage, locks, cache and commit hook."""

    if TYPE_CHECKING:
        storage: Storage
        _cache: CountLru[int, tuple[Game, Any]]
        _last: CountLru[int, LastMove]  # as many as the cache: a game's last committed move
        on_commit: Any

        def lock(self, game_id: int) -> Any: ...
        def rules(self, game: Game) -> TableRules: ...
        def engine(self, game: Game) -> EngineGame: ...
        async def running(self, game_id: int) -> tuple[Game, Any]: ...
        def outcome_of(
            self, game: Game, state: Any, actor: str, events: Sequence[Event], before: Any
        ) -> Outcome: ...

    def note_move(
        self,
        game: Game,
        version: int,
        player: str,
        decision: Any,
        before: Any,
        after: Any,
        events: Sequence[Event],
    ) -> None:
        """Keep a committed move of a game with take-backs (the state before it only if it
        may be taken back)."""
        engine = self.engine(game)
        if isinstance(engine, Undoable):
            taken = (player, decision, before, tuple(events))
            self._last[game.id] = LastMove.of(engine, version, taken, after)
        else:
            self._last.pop(game.id, None)

    def forget_move(self, game_id: int) -> None:
        self._last.pop(game_id, None)

    def may_take_back(self, game: Game, player: str) -> bool:
        """Whether `player` may take back their last decision now, as this process knows it
        (the pack's Undo button); no read: after a restart the button waits for a move."""
        last = self._last.get(game.id)
        return (
            last is not None
            and last.version == game.version
            and last.player == player
            and last.undoable
        )

    async def _last_from_log(self, game: Game, current: Any) -> LastMove | None:
        """The game's last move recomputed from its log (a restart, another process), if the
        log leads to `current`, the state as committed."""
        engine = self.engine(game)
        if not isinstance(engine, Undoable):
            return None  # its moves are never taken back: nothing to read
        initial = await self.storage.get_initial_state(game.id)
        if initial is None:
            return None
        moves = await self.storage.get_moves(game.id)
        last: Taken | None = None
        try:
            state = engine.from_json(initial)
            for m in moves:
                state, _events, last = log_step(engine, state, last, m.player, m.move)
        except (ValueError, KeyError, TypeError, Refused):
            return None
        if last is None or engine.to_json(state) != engine.to_json(current):
            return None  # the log does not lead to the stored state: nothing to restore
        return LastMove.of(engine, game.version, last, state)

    async def take_back(self, game_id: int, player_id: str, version: int | None) -> Outcome:
        """Restore the state before `player_id`'s last decision, if the game's rules allow it;
        Rejected (nothing changes) if not. `version`: the version the player's view showed."""
        async with self.lock(game_id):
            game, state = await self.running(game_id)
            if game.seat_of(player_id) is None:
                raise errors.NotAPlayer()
            if version is not None and version != game.version:
                raise errors.StaleView(game.id)
            last = self._last.get(game_id)
            if last is None or last.version != game.version:
                last = await self._last_from_log(game, state)
            engine = self.engine(game)
            if last is None or last.player != player_id or not last.undoable:
                raise errors.Rejected(_(NOTHING_TO_TAKE_BACK))
            try:
                saved = await self.storage.save_move(
                    game.id,
                    game.version,
                    engine.to_json(last.before),
                    UNDO,
                    player_id,
                    turn_deadline=game.turn_deadline,  # the same turn: its timer runs on
                )
            except (StaleVersion, WrongStatus):
                self._cache.pop(game.id, None)
                raise errors.StaleView(game.id) from None
            updated = replace(game, version=saved, revision=game.revision + 1, state=None)
            self._cache[game.id] = (updated, last.before)
            self._last.pop(game.id, None)
            self.on_commit(game.id)
        taken = TakenBack(player_id, last.decision)
        return self.outcome_of(updated, last.before, player_id, (taken,), state)
