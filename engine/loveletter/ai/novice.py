"""The novice: every legal move is equally likely, so it plays like a newcomer guessing."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.loveletter.moves import Move
from engine.loveletter.views import PlayerView


def choose(view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return legal[rng.randrange(len(legal))]
