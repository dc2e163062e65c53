"""A seat as a record: `Player`, to build a state with (`state.Seat` is its live view).

The state keeps seats in per-seat lists and bit masks (see `state`); this record is the
readable face of that for the AIs, the bot and tests, off the engine's hot path.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Player:
    """One seat as a record: the tally is for the whole game, the rest for the current round.

    `GameState.players` gives live ones (`Seat`); assigning a list of records to it
    replaces every seat.
    """

    id: str
    name: str
    tokens: int = 0
    hand: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    in_round: bool = False
    protected: bool = False

    def copy(self) -> Player:
        """A detached shallow copy: the lists are shared, as the engine only replaces them."""
        return Player(
            self.id, self.name, self.tokens, self.hand, self.discards, self.in_round, self.protected
        )
