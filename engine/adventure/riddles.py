"""The 24 Riddle cards (ADV-10): the project's own riddle texts on the fixed answer table.

The first answer of a card is its correct answer; the others only help answer other riddles.
Texts are folk-riddle style and written for this project (never a novel's text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Riddle:
    id: str
    text: str
    answers: tuple[str, ...]

    @property
    def correct(self) -> str:
        return self.answers[0]


RIDDLES: Final = (
    Riddle(
        "r01",
        "A white house with no door and no window, and gold kept inside.",
        ("egg", "fire", "echo"),
    ),
    Riddle("r02", "You must break me before anyone can use me.", ("egg", "key")),
    Riddle(
        "r03",
        "I fly without wings and heal every wound, and no gold buys me back.",
        ("time", "shadow"),
    ),
    Riddle(
        "r04",
        "The more of me you spend, the less you hold, yet you never see me go.",
        ("time", "needle", "key"),
    ),
    Riddle(
        "r05", "I bend the trees and turn the mill, yet nobody has seen my face.", ("wind", "river")
    ),
    Riddle("r06", "I whistle with no lips and push the boats with no hands.", ("wind", "moon")),
    Riddle("r07", "Feed me and I grow; give me a drink and I die.", ("fire", "candle", "moon")),
    Riddle(
        "r08", "I eat the logs of the hearth and pay for them in warmth and light.", ("fire", "map")
    ),
    Riddle(
        "r09",
        "I walk beside you all day, shrink at noon and leave you at night.",
        ("shadow", "echo"),
    ),
    Riddle(
        "r10",
        "The brighter the light, the darker I grow, and I go wherever you go.",
        ("shadow", "egg", "map"),
    ),
    Riddle(
        "r11",
        "I run but never walk, have a mouth but never talk, a bed but never sleep.",
        ("river", "key"),
    ),
    Riddle("r12", "Always hurrying to the sea, I never leave my two banks.", ("river", "time")),
    Riddle(
        "r13",
        "The longer I stand, the shorter I grow, weeping as I give light.",
        ("candle", "needle", "time"),
    ),
    Riddle(
        "r14",
        "Tall when young and short when old, I wear a little flame for a hat.",
        ("candle", "wind"),
    ),
    Riddle(
        "r15",
        "I answer you in your own voice from the hills, though I have no tongue.",
        ("echo", "moon"),
    ),
    Riddle(
        "r16",
        "I speak only when spoken to, and I always have the last word.",
        ("echo", "fire", "wind"),
    ),
    Riddle(
        "r17", "I have teeth but never bite, and I open the door for my master.", ("key", "map")
    ),
    Riddle("r18", "Small and iron, I sleep in the lock and guard the chest.", ("key", "shadow")),
    Riddle(
        "r19",
        "I have one eye and cannot see, and I drag a long tail of thread.",
        ("needle", "egg", "shadow"),
    ),
    Riddle(
        "r20",
        "Slim and sharp, in and out I go, mending the cloaks of travellers.",
        ("needle", "river"),
    ),
    Riddle(
        "r21",
        "I grow and shrink but am no candle; I light the night but am no star.",
        ("moon", "time"),
    ),
    Riddle(
        "r22",
        "Round as a cheese and silver at night, a lantern nobody can reach.",
        ("moon", "candle", "river"),
    ),
    Riddle(
        "r23",
        "I have roads but no carts, mountains but no stone, rivers but no water.",
        ("map", "wind"),
    ),
    Riddle(
        "r24", "Folded in a pack, I show every way there without walking a step.", ("map", "echo")
    ),
)

BY_ID: Final = {r.id: r for r in RIDDLES}


def riddle(rid: str) -> Riddle:
    return BY_ID[rid]


def answers(challenge: str, answer: str) -> bool:
    """Whether the Riddle card `answer` answers `challenge` (its correct answer is on it)."""
    return BY_ID[challenge].correct in BY_ID[answer].answers
