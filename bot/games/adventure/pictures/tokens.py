"""Where hobbit tokens stand, and what they are called.

A token stands beside its place, never on a name, symbol or talisman mark (`layout.reserved`):
each place has its spots, the free token-sized boxes around its symbol, nearest first, and
several hobbits at one place take the nearest free ones, fanning out without overlapping.
Tokens are labelled with the hobbits' initials when those differ, else with seat numbers,
so two hobbits never share a label (the player strip explains each).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.games.adventure.pictures.cached import per_locale
from bot.games.adventure.pictures.layout import HALF_TOKEN as HALF
from bot.games.adventure.pictures.layout import MAP_HEIGHT, POS, WIDTH, Box, reserved

MAX_REACH: Final = 90
FINE: Final = 6
"""How far from its place's centre a token may stand."""


@dataclass(frozen=True, slots=True)
class Token:
    """One hobbit on the board: its label, seat colour, place and state (public facts)."""

    label: str
    colour: str  # "#rrggbb"
    place: str
    active: bool = False
    out: bool = False


def token_labels(names: Sequence[str]) -> tuple[str, ...]:
    """Initials (a name's first Latin letter or digit) when they are all different, else seat
    numbers 1..n: always unique, and never a character the picture's font lacks (an emoji,
    a CJK character)."""
    initials = [next((c.upper() for c in n if c.isalnum() and ord(c) < 0x250), "") for n in names]
    if "" not in initials and len(set(initials)) == len(initials):
        return tuple(initials)
    return tuple(str(i + 1) for i in range(len(names)))


def box_at(x: float, y: float) -> Box:
    return Box(x - HALF, y - HALF, x + HALF, y + HALF)


@per_locale()
def spots(pid: str) -> tuple[tuple[float, float], ...]:
    """The free token positions around a place, nearest first: clear of every place's name,
    symbol and talismans, inside the map, and nearer to this place than to any other."""
    x, y = POS[pid]
    area = Box(
        x - MAX_REACH - HALF, y - MAX_REACH - HALF, x + MAX_REACH + HALF, y + MAX_REACH + HALF
    )
    near = [r for r in reserved() if r.meets(area)]
    others = [
        xy for other, xy in POS.items() if other != pid and math.dist(xy, (x, y)) < 3 * MAX_REACH
    ]
    found = []
    for dx in range(-MAX_REACH, MAX_REACH + 1, FINE):
        for dy in range(-MAX_REACH, MAX_REACH + 1, FINE):
            d = math.hypot(dx, dy)
            if d <= MAX_REACH:
                found.append((d, x + dx, y + dy))
    out: list[tuple[float, float]] = []
    for d, cx, cy in sorted(found):
        b = box_at(cx, cy)
        if b.left < 0 or b.top < 0 or b.right > WIDTH or b.bottom > MAP_HEIGHT:
            continue
        if any(b.meets(r) for r in near) or any(math.dist((cx, cy), o) <= d for o in others):
            continue
        out.append((cx, cy))
    return tuple(out)


def place_tokens(tokens: Sequence[Token]) -> list[tuple[Token, float, float]]:
    """Each token with its centre: the nearest spot of its place no other token took."""
    taken: list[Box] = []
    out: list[tuple[Token, float, float]] = []
    for t in tokens:
        for cx, cy in spots(t.place) if t.place in POS else ():
            b = box_at(cx, cy)
            if not any(b.meets(o) for o in taken):
                taken.append(b)
                out.append((t, cx, cy))
                break
    return out
