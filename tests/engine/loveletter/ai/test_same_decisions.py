"""The AI's speed-ups change no decision: the standard AI's and the expert's chosen moves over
seeded positions at every table, pinned by a digest computed before them (main at 30a8a45).

A changed digest means some level now plays differently somewhere; find where by printing
`_decisions()` on both trees and comparing the lines.
"""

from __future__ import annotations

import hashlib
import random

import engine.loveletter as engine
from engine.loveletter.ai import choose
from tests.engine.loveletter.ai.positions import TABLES, positions

PINNED = "a9244d20784ce361"
EVERY = 13  # one expert decision in this many positions (each costs a tenth of a second)


def _decisions() -> list[str]:
    """One line per decision: table, position, level, move chosen."""
    out = []
    for edition, players in TABLES:
        for i, state in enumerate(positions(edition, players, 30, seed=players * 7 + 1)):
            actor = state.actor
            assert actor is not None
            view = engine.player_view(state, actor)
            legal = engine.legal_moves(state)
            levels = ("standard", "expert") if i % EVERY == 5 and len(legal) > 1 else ("standard",)
            for level in levels:
                move = choose(level, view, legal, random.Random(i))
                out.append(f"{edition} {players} {i} {level} {move!r}")
    return out


def test_the_ai_chooses_as_it_did_before_its_speed_ups() -> None:
    lines = _decisions()
    assert sum(" expert " in line for line in lines) >= 20
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    assert digest == PINNED
