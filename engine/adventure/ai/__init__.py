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
from engine.adventure.ai.free import NEARLY_OUT, paying
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


def free_choice(level: str, view: Any, legal: Sequence[Decision]) -> Decision | None:
    """The free action (ADV-11) an AI hobbit of `level` takes now, whoever's decision is
    awaited, or None: what a platform asks AI seats that are not awaited, so they heal or take
    with the Scroll of Minds out of turn where it pays (free.py), as they do on their own turn."""
    if level == "novice":
        return paying(view, legal, NEARLY_OUT, scroll=False)
    if level == "standard":
        return paying(view, legal, standard.STANDARD.athelas_lp)
    if level == "expert":
        return paying(view, legal, expert.PLAN.athelas_lp)
    raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
