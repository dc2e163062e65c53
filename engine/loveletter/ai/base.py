"""The policy interface and the level registry shared by every AI."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from engine.loveletter.moves import Move
from engine.loveletter.views import PlayerView

LEVELS: tuple[str, ...] = ("novice", "standard", "expert")


class Policy(Protocol):
    """Picks one of `legal` for the player of `view`, using only `rng` for chance."""

    def __call__(self, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move: ...


def policy(level: str) -> Policy:
    """The policy of a level; ValueError names the levels when it is unknown."""
    from engine.loveletter.ai import expert, novice, standard

    table: dict[str, Policy] = {
        "novice": novice.choose,
        "standard": standard.choose,
        "expert": expert.choose,
    }
    try:
        return table[level]
    except KeyError:
        raise ValueError(f"Unknown AI level {level!r}; choose one of {', '.join(LEVELS)}") from None


def choose(level: str, view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
    """The move the AI of `level` makes; `legal` must be `engine.legal_moves` of the state.

    Every level picks among the `sanity.sensible` moves: no level blunders into a move its
    own view proves pointless while it has another.
    """
    if not legal:
        raise ValueError("there is no legal move to choose from")
    from engine.loveletter.ai.sanity import sensible

    return policy(level)(view, sensible(view, legal), rng)
