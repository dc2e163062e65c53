"""AI-only games: every seat an AI hobbit of some level, played to the end (or a bound).

Used by the tests (games end), the simulation and the benchmark. Each AI sees only its view
and its legal decisions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.adventure.ai import choose
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.state import State
from engine.adventure.view import view

MAX_DECISIONS = 20_000


@dataclass(frozen=True, slots=True)
class Played:
    state: State
    decisions: int
    seats: tuple[str, ...]


def play(levels: Sequence[str], rng: random.Random, limit: int = MAX_DECISIONS) -> Played:
    """One game with the seats' AI levels in seat order; stops after `limit` decisions."""
    seats = tuple(f"h{i + 1}" for i in range(len(levels)))
    level = dict(zip(seats, levels, strict=True))
    s = new_game(seats, rng)
    n = 0
    while not s.over and n < limit and s.pending is not None:
        pid = s.pending.player
        d = choose(level[pid], view(s, pid), legal_moves(s, pid), rng)
        s, _ = apply(s, pid, d)
        n += 1
    return Played(s, n, seats)
