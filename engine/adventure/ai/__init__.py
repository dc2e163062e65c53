"""AI hobbits: each level sees only its hobbit's view and legal decisions (ADV-12).

`novice` plays a beginner's plan with a beginner's mistakes (novice.py); `standard` follows
a plan (standard.py); `expert` checks that plan by playing sampled games on (expert.py). All
are deterministic from the `random.Random` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.adventure.ai import expert, novice, standard
from engine.adventure.decisions import Decision

LEVELS = ("novice", "standard", "expert")


def choose(level: str, view: Any, legal: Sequence[Decision], rng: random.Random) -> Decision:
    """The decision of an AI hobbit of `level`; ValueError for an unknown level."""
    if not legal:
        raise ValueError("an AI hobbit was asked to decide with no legal decision")
    if level == "novice":
        return novice.choose(view, legal, rng)
    if level == "standard":
        return standard.choose(view, legal, rng)
    if level == "expert":
        return expert.choose(view, legal, rng)
    raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
