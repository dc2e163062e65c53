"""Fields that change only from round to round, in one record shared by a round's states.

Every move clones the state, and a clone copies each field: keeping the round's number,
seats, first player, set-aside card, the tallies and the history in one `Round` record
(copied only when one of them changes) makes every clone cheaper. `InRound` exposes those
fields as ordinary `GameState` attributes for everyone off the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

if TYPE_CHECKING:
    from engine.loveletter.fixed import Seating

T = TypeVar("T")
_new = object.__new__


@dataclass(slots=True)
class RoundResult:
    """How a finished round went; public once the round is over (C-7)."""

    number: int
    players: tuple[str, ...]
    first: str
    ended_by: str  # last_standing | deck_empty | game_won
    winners: tuple[str, ...]
    knocked_out: tuple[str, ...]
    set_aside: str
    reveal: dict[str, tuple[str, int]]  # player -> (card, round-end value)
    deciding: bool
    set_aside_drawn: bool = False  # drawn when the pile ran out: no longer set aside


class HasRound(Protocol):
    """What `InRound` needs of its owner (the `GameState`): its `Round` record."""

    rd: Round


class Round:
    """The round's fixed facts plus the game's tallies and history."""

    __slots__ = (
        "round_no",
        "round_seats",  # seats playing this round, in turn order
        "deciding",
        "first",  # seat
        "first_candidates",  # who C-2 allows to start this round
        "set_aside",
        "face_up",
        "tokens",  # per seat, for the whole game; a new list on every change
        "history",
        "winner",
        "legal",  # the legal-move memo for this round's deck (`fixed.Seating.legal`)
    )
    round_no: int
    round_seats: tuple[int, ...]
    deciding: bool
    first: int
    first_candidates: tuple[str, ...]
    set_aside: str
    face_up: tuple[str, ...]
    tokens: list[int]
    history: tuple[RoundResult, ...]
    winner: str | None
    legal: dict[Any, Any]

    @classmethod
    def make(
        cls,
        seating: Seating,
        round_seats: tuple[int, ...],
        tokens: list[int],
        round_no: int = 0,
        deciding: bool = False,
        first: int = 0,
        first_candidates: tuple[str, ...] = (),
        set_aside: str = "",
        face_up: tuple[str, ...] = (),
        history: tuple[RoundResult, ...] = (),
        winner: str | None = None,
    ) -> Round:
        """A record with these fields (by default, a game's before its first deal)."""
        new: Round = _new(cls)
        new.round_no, new.deciding, new.first = round_no, deciding, first
        new.first_candidates, new.set_aside, new.face_up = first_candidates, set_aside, face_up
        new.tokens, new.history, new.winner = tokens, history, winner
        new.seat(seating, round_seats)
        return new

    def copy(self) -> Round:
        new: Round = _new(Round)
        new.round_no, new.round_seats, new.deciding = self.round_no, self.round_seats, self.deciding
        new.first, new.first_candidates = self.first, self.first_candidates
        new.set_aside, new.face_up, new.tokens = self.set_aside, self.face_up, self.tokens
        new.history, new.winner, new.legal = self.history, self.winner, self.legal
        return new

    def seat(self, seating: Seating, seats: tuple[int, ...]) -> None:
        """Who plays this round, and with it the legal-move memo of that many players' deck."""
        self.round_seats = seats
        self.legal = seating.legal[len(seats) >= 5]


class InRound(Generic[T]):
    """A `GameState` attribute stored in its `Round` record; setting it copies the record."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: Any = None) -> InRound[T]: ...

    @overload
    def __get__(self, obj: HasRound, owner: Any = None) -> T: ...

    def __get__(self, obj: HasRound | None, owner: Any = None) -> T | InRound[T]:
        if obj is None:
            return self
        return getattr(obj.rd, self.name)  # type: ignore[no-any-return]

    def __set__(self, obj: HasRound, value: T) -> None:
        rd = obj.rd = obj.rd.copy()
        setattr(rd, self.name, value)
