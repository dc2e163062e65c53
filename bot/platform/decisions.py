"""The one decision reference and fingerprint that every game's decision controls carry.

A decision button, select or toggle is drawn from one state of one game: its custom_id names
the game, that state's version and a fingerprint of the legal decisions it indexes into. A
click is checked once, by `GameService.click` (seat, version, whose decision, fingerprint),
before the game's controller reads the index or mask it carries; a mismatch is an out-of-date
view (`StaleView`: the player is shown the current one), never a wrong decision.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.api import Game
from storage import Game as GameRecord

FP_LENGTH = 6  # hex digits: a short custom_id, and a new list of decisions almost never collides


@dataclass(frozen=True, slots=True)
class DecisionRef:
    """Where a decision control points: the game, the state version it was drawn from and the
    fingerprint of that state's legal decisions for the clicking player (None: not checked,
    e.g. a slash command naming a card). A game's own reference extends it (Love Letter's
    `PickRef` with the entry and the depth of a step-by-step choice)."""

    game_id: int
    version: int | None  # None: whatever the game's version now (a slash command)
    fp: str | None


def fingerprint(game: Game, legal: Sequence[Any], salt: str = "") -> str:
    """Six hex digits naming this exact list of legal decisions (order included), from the
    engine's own codec; `salt` is a game's numbering version (a new one turns older controls
    stale instead of letting their indexes point at other decisions)."""
    text = salt + json.dumps([game.decision_to_dict(d) for d in legal], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:FP_LENGTH]


class Clicked(NamedTuple):
    """What a checked click points at: the committed game and state and the clicking
    player's legal decisions there (the list the control's index or mask refers to)."""

    game: GameRecord
    state: Any
    legal: tuple[Any, ...]
