"""A seat as a record: `Player` to build a state with, `Seat` to read or edit one in place.

The state keeps seats in per-seat lists and bit masks (see `state`); these records are the
readable face of that for the AIs, the bot and tests, off the engine's hot path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.loveletter.state import GameState


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


class Seat(Player):
    """A live `Player` of one state: reading and assigning its fields reads and changes the
    state (for tests and tools that edit a position; the engine itself never uses it)."""

    __slots__ = ("_st", "_i")

    def __init__(self, st: GameState, i: int) -> None:  # noqa: D107
        self._st, self._i = st, i

    @property
    def id(self) -> str:
        return self._st.game.ids[self._i]

    @id.setter
    def id(self, value: str) -> None:
        raise AttributeError("a seat's player id is fixed for the game")

    @property
    def name(self) -> str:
        return self._st.game.names[self._i]

    @name.setter
    def name(self, value: str) -> None:
        raise AttributeError("a seat's name is fixed for the game")

    @property
    def tokens(self) -> int:
        return self._st.tokens[self._i]

    @tokens.setter
    def tokens(self, value: int) -> None:
        tokens = self._st.tokens = self._st.tokens[:]
        tokens[self._i] = value

    @property
    def hand(self) -> list[str]:
        return self._st.hands[self._i]

    @hand.setter
    def hand(self, value: list[str]) -> None:
        self._st.hands[self._i] = value
        self._st.legal = None

    @property
    def discards(self) -> list[str]:
        return self._st.discards[self._i]

    @discards.setter
    def discards(self, value: list[str]) -> None:
        self._st.discards[self._i] = value

    @property
    def in_round(self) -> bool:
        return bool(self._st.alive >> self._i & 1)

    @in_round.setter
    def in_round(self, value: bool) -> None:
        self._st.alive = self._st.alive & ~(1 << self._i) | value << self._i
        self._st.legal = None

    @property
    def protected(self) -> bool:
        return bool(self._st.shield >> self._i & 1)

    @protected.setter
    def protected(self, value: bool) -> None:
        self._st.shield = self._st.shield & ~(1 << self._i) | value << self._i
        self._st.legal = None
