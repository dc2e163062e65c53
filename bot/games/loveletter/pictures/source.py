"""The one module of the pictures package that imports the Love Letter engine.

Everything the pictures draw from comes through here, so when the engine moves
(`engine.*` -> `engine.loveletter.*`) only these imports change.
"""

from __future__ import annotations

from engine.loveletter import Card, Edition, Kind, PlayerView, SeatView, edition
from engine.loveletter.legal import forced_card
from engine.loveletter.state import RoundResult

__all__ = [
    "Card",
    "Edition",
    "Kind",
    "PlayerView",
    "RoundResult",
    "SeatView",
    "edition",
    "forced_card",
]
