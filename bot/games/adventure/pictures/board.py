"""The board picture: our own drawing of the project's map, read about 400 px wide on a phone.

A picture copies the background (background.py) and adds what the public table shows now: the
places the hobbit to move may reach (ringed), the talismans still lying on the board, the last
move as an arrow, a riddle duel as a dashed line, each hobbit's token beside its place (rings:
to move, fighting, in a duel, the winner; grey when out), the creature of a fight beside its
hobbit, a banner line and the player strip. Only public facts come in (`BoardFacts`). Where
everything goes is worked out in layout.py, tokens.py and panel.py; this module only draws.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games.adventure.pictures import panel
from bot.games.adventure.pictures.background import background, ink
from bot.games.adventure.pictures.facts import BoardFacts, HobbitFacts
from bot.games.adventure.pictures.layout import (
    HALF_TOKEN,
    LABEL_SIZE,
    POS,
    RING,
    Box,
    Text,
    place_name_boxes,
    talisman_centres,
)
from bot.games.adventure.pictures.marks import (
    ARROW,
    DUEL,
    FIGHT,
    HIGHLIGHT,
    INK,
    OUT,
    PAPER,
    RGB,
    TALISMAN_COLOURS,
    WHITE,
    arrow,
    creature,
    disc,
    mark,
    reach_ring,
    rgb_of,
    stamp,
)
from bot.games.adventure.pictures.tokens import Token, place_tokens
from bot.ui.png import png

MARK_RINGS: dict[str, RGB] = {"fight": FIGHT, "duel": DUEL, "winner": HIGHLIGHT}
FILENAME = "board.png"
__all__ = ["FILENAME", "background", "render"]


def _ring_of(h: HobbitFacts) -> RGB | None:
    if h.mark in MARK_RINGS:
        return MARK_RINGS[h.mark]
    return HIGHLIGHT if h.token.active and not h.token.out else None


def _token(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, h: HobbitFacts) -> None:
    ring = _ring_of(h)
    fill = OUT if h.token.out else rgb_of(h.token.colour)
    edge, winner = ink(WHITE), h.mark == "winner"
    disc(draw, x, y, 1, ink(fill), None if ring is None else ink(ring), edge, winner)
    stamp(img, token_text(h.token, x, y), ink(WHITE))


def token_text(t: Token, x: float, y: float) -> Text:
    """A token's label, centred on its disc."""
    return Text(t.label, x, y, LABEL_SIZE, 800, "mm")


def creatures(facts: BoardFacts) -> tuple[Token, ...]:
    """The creature of a fight under way, as a token beside its hobbit (never the Dragon's
    card or any hidden one: only that a fight is on, at the fighter's place)."""
    return tuple(Token("", "#000000", h.token.place) for h in facts.hobbits if h.mark == "fight")


def _talismans(draw: ImageDraw.ImageDraw, talismans: Mapping[str, Sequence[str]]) -> None:
    for pid, colours in talismans.items():
        if pid not in POS or not colours:
            continue
        for (cx, cy), colour in zip(talisman_centres(pid, len(colours)), colours, strict=True):
            mark(draw, cx, cy, 1, ink(TALISMAN_COLOURS.get(colour, INK)), ink(INK))


def _move(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    move: tuple[str, str],
    mover: tuple[float, float] | None,
) -> None:
    """The last move: an arrow from the place left to the mover's token (or to the place
    reached, when the token is not there), so its head is never hidden under the token."""
    a, b = move
    if a not in POS or b not in POS or a == b:
        return
    (ax, ay), (bx, by) = POS[a], mover or POS[b]
    d = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / d, (by - ay) / d
    end_gap = HALF_TOKEN + 2 if mover else RING + 2
    start, end = (
        (ax + ux * (RING + 2), ay + uy * (RING + 2)),
        (bx - ux * end_gap, by - uy * end_gap),
    )
    arrow(draw, start, end, 1, ink(ARROW), ink(WHITE))
    names = crossed(start, end)
    for t in names:
        stamp(img, t, ink(PAPER), stroke=2)
        stamp(img, t, ink(INK))
    if names:
        arrow(draw, start, end, 1, ink(ARROW), ink(WHITE), head_only=True)


def crossed(a: tuple[float, float], b: tuple[float, float]) -> list[Text]:
    """The place names an arrow from a to b passes over (written again on top of it)."""
    steps = max(1, int(math.dist(a, b) // 3))
    points = [
        (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
        for i in range(steps + 1)
    ]
    span = Box(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
    out = []
    for t, box in place_name_boxes():
        near = Box(box.left - 9, box.top - 9, box.right + 9, box.bottom + 9)
        if near.meets(span) and any(
            near.left <= x <= near.right and near.top <= y <= near.bottom for x, y in points
        ):
            out.append(t)
    return out


def _duel(draw: ImageDraw.ImageDraw, spots: Sequence[tuple[float, float]]) -> None:
    """A dashed line between the two duelling hobbits' tokens."""
    if len(spots) != 2:
        return
    (ax, ay), (bx, by) = spots
    d = math.hypot(bx - ax, by - ay)
    if d <= 2 * HALF_TOKEN:
        return
    ux, uy = (bx - ax) / d, (by - ay) / d
    s = HALF_TOKEN
    while s + 8 < d - HALF_TOKEN:
        draw.line(
            (ax + ux * s, ay + uy * s, ax + ux * (s + 8), ay + uy * (s + 8)),
            fill=ink(DUEL),
            width=4,
        )
        s += 14


def _strip(img: Image.Image, draw: ImageDraw.ImageDraw, facts: BoardFacts) -> None:
    if facts.banner:
        stamp(img, panel.banner(facts), ink(INK))
    for i, h in enumerate(facts.hobbits):
        row = panel.row(i, h)
        _token(img, draw, *row.token, h)
        for t in row.texts:
            stamp(img, t, ink(INK))
        for x, y, colour in row.marks:
            mark(draw, x, y, 1, ink(TALISMAN_COLOURS.get(colour, INK)), ink(INK))


def render(facts: BoardFacts) -> bytes:
    """The picture as PNG bytes."""
    img = background(len(facts.hobbits)).copy()
    draw = ImageDraw.Draw(img)
    for pid in facts.reach:
        if pid in POS:
            reach_ring(draw, *POS[pid], 1, ink(HIGHLIGHT), ink(INK))
    _talismans(draw, facts.talismans)
    placed = place_tokens((*facts.tokens, *creatures(facts)))
    where = {t: (x, y) for t, x, y in placed}
    if facts.move is not None:
        mover = facts.mover
        there = mover is not None and mover.place == facts.move[1]
        _move(img, draw, facts.move, where.get(mover) if mover is not None and there else None)
    _duel(draw, [where[h.token] for h in facts.hobbits if h.mark == "duel" and h.token in where])
    by_token = {h.token: h for h in facts.hobbits}
    for t, x, y in placed:
        if t in by_token:
            _token(img, draw, x, y, by_token[t])
        else:
            creature(draw, x, y, 1, ink(ARROW), ink(FIGHT), ink(WHITE))
    _strip(img, draw, facts)
    return png(img)  # the platform's fast encoder (bot/ui/png.py)
