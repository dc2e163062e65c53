"""The novice hobbit: a uniformly random legal decision (free actions only now and then)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.adventure.decisions import Decision


def choose(view: Any, legal: Sequence[Decision], rng: random.Random) -> Decision:
    main = [d for d in legal if d.action != "use"]
    if main and (len(main) == len(legal) or rng.random() < 0.8):
        return rng.choice(main)
    return rng.choice(list(legal))
