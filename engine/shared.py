"""Shared copies of the commonest events (flyweights).

Events are values, never changed once made, so equal events can be one object. Looking one
up in a dict costs far less than building it, and the engine makes several every move.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from engine import events as E
from engine.moves import Play

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

_LIMIT = 100_000  # entries per table; a full table starts over


class Shared(dict[K, V]):
    """key -> value, made by `make(key)` on first use; `table[key]` is the whole API."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        if len(self) >= _LIMIT:
            self.clear()
        made = self[key] = self.make(key)
        return made


def _card_played(move: Play) -> E.CardPlayed:
    chosen = move.targets or ((move.target,) if move.target else ())
    return E.CardPlayed(move.player, move.card, chosen, move.guess)


def _guess_result(key: tuple[Play, bool]) -> E.GuessResult:
    move, correct = key
    assert move.target is not None
    return E.GuessResult(move.player, move.target, move.guess, correct)


CARD_PLAYED: Shared[Play, E.CardPlayed] = Shared(_card_played)
TURN_STARTED: Shared[str, E.TurnStarted] = Shared(E.TurnStarted)
PROTECTED: Shared[str, E.Protected] = Shared(E.Protected)
CARD_DEALT: Shared[tuple[str, str], E.CardDealt] = Shared(lambda k: E.CardDealt(*k))
GUESS_RESULT: Shared[tuple[Play, bool], E.GuessResult] = Shared(_guess_result)
