"""The board picture: our own drawing of the project's map, with the hobbits and talismans.

The background (paper, roads, every place's symbol and name, the legend) never changes and is
drawn once; a picture copies it and adds what the public table shows now: the places the
active hobbit may reach after its roll (ringed), the talismans still lying on the board, and
each hobbit's token in its seat colour. Only public facts come in (`BoardFacts`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.adventure.picture.layout import HEIGHT, POS, WIDTH
from bot.ui.fonts import font, serif
from bot.ui.png import png
from engine.adventure import board as B

RGB = tuple[int, int, int]
PAPER: RGB = (238, 226, 193)
INK: RGB = (52, 40, 26)
ROAD: RGB = (150, 118, 80)
HIGHLIGHT: RGB = (255, 214, 0)
KIND_COLOURS: dict[str, RGB] = {
    B.HAVEN: (40, 110, 190),
    B.VILLAGE: (60, 140, 60),
    B.ADVENTURE: (214, 150, 30),
    B.PERIL: (190, 50, 40),
    B.DANGER: (110, 40, 120),
    B.LAIR: (20, 20, 20),
}
TALISMAN_COLOURS: dict[str, RGB] = {
    "blue": (30, 90, 230),
    "green": (30, 170, 60),
    "red": (220, 30, 30),
    "yellow": (250, 210, 20),
}
R = 17  # a place symbol's radius
NAME_SIZE = 26
FILENAME = "board.png"
S = 0.75
"""The picture is sent at 3/4 of the drawing size (900 × 660): it reads the same on a phone
and encodes in half the time. The background is drawn large and shrunk once."""
SIZE = (round(WIDTH * S), round(HEIGHT * S))


def _xy(pid: str) -> tuple[float, float]:
    """A place's centre on the sent picture."""
    x, y = POS[pid]
    return x * S, y * S


@dataclass(frozen=True, slots=True)
class Token:
    initial: str
    colour: str  # "#rrggbb"
    place: str
    active: bool


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """What the picture shows: public facts only."""

    tokens: tuple[Token, ...]
    talismans: Mapping[str, Sequence[str]]
    reach: tuple[str, ...] = ()


def _hex(colour: str) -> RGB:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def _shape(draw: ImageDraw.ImageDraw, kind: str, x: int, y: int, r: int, fill: RGB) -> None:
    """The kind's symbol: star (Haven), pentagon (Village), disc (Adventure), diamond (Peril),
    hexagon (Danger), a house (Lair)."""
    outline, width = INK, 3
    if kind == B.HAVEN:
        pts = []
        for i in range(10):
            rr = r * 1.25 if i % 2 == 0 else r * 0.55
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        draw.polygon(pts, fill=fill, outline=outline, width=width)
    elif kind == B.VILLAGE:
        pts = [
            (
                x + r * 1.1 * math.cos(-math.pi / 2 + i * 2 * math.pi / 5),
                y + r * 1.1 * math.sin(-math.pi / 2 + i * 2 * math.pi / 5),
            )
            for i in range(5)
        ]
        draw.polygon(pts, fill=fill, outline=outline, width=width)
    elif kind == B.ADVENTURE:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)
    elif kind == B.PERIL:
        k = r * 1.25
        draw.polygon(
            [(x, y - k), (x + k, y), (x, y + k), (x - k, y)],
            fill=fill,
            outline=outline,
            width=width,
        )
    elif kind == B.DANGER:
        pts = [
            (x + r * 1.15 * math.cos(i * math.pi / 3), y + r * 1.15 * math.sin(i * math.pi / 3))
            for i in range(6)
        ]
        draw.polygon(pts, fill=fill, outline=outline, width=width)
    else:
        k = r * 1.1
        draw.polygon(
            [
                (x - k, y + k),
                (x - k, y - k * 0.2),
                (x, y - k * 1.2),
                (x + k, y - k * 0.2),
                (x + k, y + k),
            ],
            fill=fill,
            outline=(200, 30, 30),
            width=width,
        )


def _label(draw: ImageDraw.ImageDraw, pid: str) -> None:
    x, y = POS[pid]
    name = B.PLACES[pid].name
    f = font(NAME_SIZE, 700)
    w = draw.textlength(name, font=f)
    left = min(max(x - w / 2, 4), WIDTH - w - 4)
    top = y + R + 4
    draw.text((left, top), name, font=f, fill=INK, stroke_width=3, stroke_fill=PAPER)


def _legend(draw: ImageDraw.ImageDraw) -> None:
    f = font(20, 600)
    x, y = 12, 12
    draw.text((x, y), "The Hobbit Adventure", font=serif(26), fill=INK)
    y += 38
    for kind in B.KINDS:
        _shape(draw, kind, x + 12, y + 12, 9, KIND_COLOURS[kind])
        draw.text((x + 30, y), kind.title(), font=f, fill=INK)
        y += 28


@lru_cache(maxsize=1)
def background() -> Image.Image:
    """Paper, roads, places and names: drawn once per process."""
    img = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(img)
    for a, b in B.ROADS:
        draw.line((POS[a], POS[b]), fill=ROAD, width=6)
    for pid, place in B.PLACES.items():
        x, y = POS[pid]
        _shape(draw, place.kind, x, y, R, KIND_COLOURS[place.kind])
    for pid in B.PLACES:
        _label(draw, pid)
    _legend(draw)
    small = img.resize(SIZE, Image.Resampling.LANCZOS)
    # A palette picture encodes three times faster than RGB; the last entries are kept for
    # what `render` draws on top (tokens, talismans, rings).
    base = small.quantize(colors=256 - len(RESERVED), method=Image.Quantize.MEDIANCUT)
    palette = (base.getpalette() or [])[: 3 * (256 - len(RESERVED))]
    palette += [0] * (3 * (256 - len(RESERVED)) - len(palette))
    for rgb in RESERVED:
        palette += list(rgb)
    base.putpalette(palette)
    return base


WHITE: RGB = (255, 255, 255)


def _reserved() -> tuple[RGB, ...]:
    from bot.games.adventure.models import COLOURS

    return tuple(
        dict.fromkeys(
            (HIGHLIGHT, INK, WHITE, *TALISMAN_COLOURS.values(), *(_hex(c) for c in COLOURS))
        )
    )


RESERVED: tuple[RGB, ...] = _reserved()


def ink(rgb: RGB) -> int:
    """The palette index of a colour drawn on top of the background (ink for any other)."""
    return 256 - len(RESERVED) + (RESERVED.index(rgb) if rgb in RESERVED else 1)


def _talismans(draw: ImageDraw.ImageDraw, talismans: Mapping[str, Sequence[str]]) -> None:
    """Small diamonds above a place, one per talisman lying there."""
    for pid, colours in talismans.items():
        if pid not in POS or not colours:
            continue
        x, y = _xy(pid)
        n = len(colours)
        for i, colour in enumerate(colours):
            cx = x - (n - 1) * 9 * S + i * 18 * S
            cy = y - (R + 16) * S
            k = 9 * S
            draw.polygon(
                [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)],
                fill=ink(TALISMAN_COLOURS.get(colour, INK)),
                outline=ink(INK),
                width=2,
            )


SLOTS = (0.0, math.pi, -math.pi / 4, -3 * math.pi / 4)
"""Where the 1st..4th token at one place sits: right, left, upper right, upper left."""


def _tokens(draw: ImageDraw.ImageDraw, tokens: Sequence[Token]) -> None:
    """Each hobbit's token beside its place; several at one place fan out around it."""
    by_place: dict[str, list[Token]] = {}
    for t in tokens:
        by_place.setdefault(t.place, []).append(t)
    f = font(round(27 * S), 800)
    for pid, here in by_place.items():
        if pid not in POS:
            continue
        x, y = _xy(pid)
        for i, t in enumerate(here):
            a = SLOTS[i % len(SLOTS)]
            cx, cy = x + 36 * S * math.cos(a), y + (36 * math.sin(a) - 6) * S
            r, halo = 20 * S, 25 * S
            if t.active:
                draw.ellipse((cx - halo, cy - halo, cx + halo, cy + halo), fill=ink(HIGHLIGHT))
            draw.ellipse(
                (cx - r, cy - r, cx + r, cy + r),
                fill=ink(_hex(t.colour)),
                outline=ink(WHITE),
                width=2,
            )
            draw.text((cx, cy), t.initial, font=f, fill=ink(WHITE), anchor="mm")


def _reach(draw: ImageDraw.ImageDraw, reach: Sequence[str]) -> None:
    for pid in reach:
        x, y = _xy(pid)
        k = (R + 11) * S
        draw.ellipse((x - k, y - k, x + k, y + k), outline=ink(HIGHLIGHT), width=5)
        m = k + 2
        draw.ellipse((x - m, y - m, x + m, y + m), outline=ink(INK), width=2)


def render(facts: BoardFacts) -> bytes:
    """The picture as PNG bytes."""
    img = background().copy()
    draw = ImageDraw.Draw(img)
    _reach(draw, facts.reach)
    _talismans(draw, facts.talismans)
    _tokens(draw, facts.tokens)
    return png(img)  # the platform's fast encoder: a quarter of Pillow's time, same size
