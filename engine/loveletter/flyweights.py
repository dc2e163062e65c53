"""Shared copies of the commonest events (flyweights).

Events are values, never changed once made, so equal events can be one object. Looking one
up in a dict costs far less than building it (a dataclass instance costs a type call and an
`__init__` frame), and the engine makes several every move.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from engine.loveletter import events as E
from engine.loveletter.moves import Play

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_LIMIT = 100_000  # entries per table; a full table starts over
_TABLES: list[Shared[Any, Any]] = []  # every table made, for set_limit


def limit() -> int:
    """The limit every table has now (`set_limit`)."""
    return _LIMIT


def set_limit(entries: int) -> None:
    """Bound every table to `entries` and start them over (a bot that sees many player ids
    keeps fewer objects for the garbage collector to walk; values never depend on it)."""
    global _LIMIT
    if entries < 1:
        raise ValueError(f"a shared table must allow at least 1 entry, not {entries}")
    _LIMIT = entries
    for table in _TABLES:
        table.cap = min(entries, table.most)
        table.clear()


class Shared(dict[K, V]):
    """key -> value, made by `make(key)` on first use; `table[key]` is the whole API. Holds at
    most `most` entries, and at most the limit every table has (`set_limit`)."""

    def __init__(self, make: Callable[[K], V], most: int = sys.maxsize) -> None:
        super().__init__()
        self.make = make
        self.most = most
        self.cap = min(_LIMIT, most)  # the entries it may hold now
        _TABLES.append(self)

    def __missing__(self, key: K) -> V:
        if len(self) >= self.cap:
            self.clear()
        made = self[key] = self.make(key)
        return made


def _card_played(move: Play) -> E.CardPlayed:
    chosen = move.targets or ((move.target,) if move.target else ())
    return E.CardPlayed(move.player, move.card, chosen, move.guess)


def _guess_result(move: Play, correct: bool) -> E.GuessResult:
    assert move.target is not None
    return E.GuessResult(move.player, move.target, move.guess, correct)


CARD_PLAYED: Shared[Play, E.CardPlayed] = Shared(_card_played)
CARD_DEALT: Shared[tuple[str, str], E.CardDealt] = Shared(lambda k: E.CardDealt(*k))


def _guessed(move: Play) -> tuple[E.CardPlayed, E.GuessResult, E.GuessResult]:
    return CARD_PLAYED[move], _guess_result(move, False), _guess_result(move, True)


# A guess's events by the move: its CardPlayed (CARD_PLAYED's), its result on a miss and on a
# hit, in one look-up (about two moves in five are guesses; a (move, hit) key was a tuple
# made and hashed at each, and the CardPlayed a look-up of its own).
GUESSED: Shared[Play, tuple[E.CardPlayed, E.GuessResult, E.GuessResult]] = Shared(_guessed)


def _of(cls: Callable[..., V]) -> Callable[[tuple[object, ...]], V]:
    return lambda key: cls(*key)


Str2 = tuple[str, str]
Str3 = tuple[str, str, str]
KNOCKED_OUT: Shared[tuple[str, tuple[str, ...]], E.KnockedOut] = Shared(_of(E.KnockedOut))
DISCARDED: Shared[Str2, E.Discarded] = Shared(_of(E.Discarded))
CARD_DRAWN: Shared[tuple[str, str, bool], E.CardDrawn] = Shared(_of(E.CardDrawn))
HANDS_SWAPPED: Shared[Str2, E.HandsSwapped] = Shared(_of(E.HandsSwapped))
CARD_RECEIVED: Shared[Str3, E.CardReceived] = Shared(_of(E.CardReceived))
COMPARED: Shared[tuple[str, str, str, str], E.Compared] = Shared(_of(E.Compared))
COMPARE_RESULT: Shared[tuple[str, str, str | None], E.CompareResult] = Shared(_of(E.CompareResult))
HAND_SEEN: Shared[Str3, E.HandSeen] = Shared(_of(E.HandSeen))
TOKEN_GAINED: Shared[tuple[str, str, int], E.TokenGained] = Shared(_of(E.TokenGained))
ROUND_STARTED: Shared[tuple[int, tuple[str, ...], str, tuple[str, ...], bool], E.RoundStarted] = (
    Shared(_of(E.RoundStarted))
)
