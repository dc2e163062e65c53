"""Stacked starting positions shared by the Adventure UI tests."""

from __future__ import annotations

from typing import Any

CHASE: dict[str, Any] = {
    "seed": 7,
    "first": "ann",
    "hobbits": {"ann": {"cards": ["thunder_of_light"]}, "bob": {"place": "bree"}},
    "tops": {"adventure": ["hill_troll"]},
    "dice": {"movement": [2], "green": [6], "combat": ["p1", "d1", "p1", "p2", "p3", "p1"]},
}

"""ann holds Thunder of Light and meets a Hill troll at Old Forest; bob waits at Bree."""
