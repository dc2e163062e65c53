"""How each mark of the board picture looks, at any zoom: place symbols, reach rings,
talisman marks, arrows and token discs, and the colours they are drawn in. The background
draws them large on RGB; a picture draws them at native size on the palette picture, with
palette indexes (`ink`) instead of colours."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.adventure.pictures.layout import HALF_TOKEN, MARK, RING, TOKEN_R, Text
from bot.ui.fonts import font
from engine.adventure import board as B

RGB = tuple[int, int, int]
Colour = int | tuple[int, ...]
"""A colour: RGB on the background, a palette index (`ink`) on a picture."""
PAPER: RGB = (238, 226, 193)
INK: RGB = (52, 40, 26)
ROAD: RGB = (160, 130, 92)
HIGHLIGHT: RGB = (255, 200, 0)
WHITE: RGB = (255, 255, 255)
FIGHT: RGB = (215, 25, 25)
DUEL: RGB = (120, 40, 200)
OUT: RGB = (150, 150, 150)
ARROW: RGB = (20, 20, 20)
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


def rgb_of(colour: str) -> RGB:
    c = colour.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def shape(draw: ImageDraw.ImageDraw, kind: str, x: float, y: float, r: float) -> None:
    """The kind's symbol: star (Haven), pentagon (Village), disc (Adventure), diamond (Peril),
    hexagon (Danger), a house (Lair)."""
    fill, outline, width = KIND_COLOURS[kind], INK, max(2, round(r / 5))

    def ring(n: int, k: float, turn: float = -math.pi / 2) -> list[tuple[float, float]]:
        return [
            (
                x + k * math.cos(turn + i * 2 * math.pi / n),
                y + k * math.sin(turn + i * 2 * math.pi / n),
            )
            for i in range(n)
        ]

    if kind == B.HAVEN:
        pts = []
        for i in range(10):
            rr = r * 1.3 if i % 2 == 0 else r * 0.6
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        draw.polygon(pts, fill=fill, outline=outline, width=width)
    elif kind == B.VILLAGE:
        draw.polygon(ring(5, r * 1.15), fill=fill, outline=outline, width=width)
    elif kind == B.ADVENTURE:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=width)
    elif kind == B.PERIL:
        draw.polygon(ring(4, r * 1.3), fill=fill, outline=outline, width=width)
    elif kind == B.DANGER:
        draw.polygon(ring(6, r * 1.15, 0), fill=fill, outline=outline, width=width)
    else:
        k = r * 1.1
        house = [(x - k, y + k), (x - k, y - k * 0.2), (x, y - k * 1.2), (x + k, y - k * 0.2)]
        draw.polygon([*house, (x + k, y + k)], fill=fill, outline=(200, 30, 30), width=width)


def text(draw: ImageDraw.ImageDraw, t: Text, fill: Colour, zoom: int = 1) -> None:
    draw.text(
        (t.x * zoom, t.y * zoom),
        t.text,
        font=font(t.size * zoom, t.weight),
        fill=fill,
        anchor=t.anchor,
    )


def stamp(img: Image.Image, t: Text, index: int, stroke: int = 0) -> None:
    """Write `t` at native size on the palette picture in colour `index` (with `stroke`: only
    its outline that wide, to clear the ground under it). The glyphs are rendered once per
    text and kept, so a picture pays for each name and number only the first time."""
    mask, dx, dy = _mask(t.text, t.size, t.weight, t.anchor, stroke)
    img.paste(index, (round(t.x) + dx, round(t.y) + dy), mask)


@lru_cache(maxsize=4096)
def _mask(
    text: str, size: int, weight: int, anchor: str, stroke: int
) -> tuple[Image.Image, int, int]:
    f = font(size, weight)
    left, top, right, bottom = map(int, f.getbbox(text, anchor=anchor, stroke_width=stroke))
    mask = Image.new("1", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, font=f, fill=1, anchor=anchor, stroke_width=stroke, stroke_fill=1
    )
    return mask, left, top


def reach_ring(
    draw: ImageDraw.ImageDraw, x: float, y: float, z: float, ring: Colour, edge: Colour
) -> None:
    """The ring round a place the hobbit to move may travel to."""
    k = RING * z
    draw.ellipse((x - k, y - k, x + k, y + k), outline=edge, width=max(1, round(1.5 * z)))
    k -= 1.5 * z
    draw.ellipse((x - k, y - k, x + k, y + k), outline=ring, width=round(4 * z))


def mark(
    draw: ImageDraw.ImageDraw, x: float, y: float, z: float, fill: Colour, edge: Colour
) -> None:
    """A talisman mark: a diamond MARK*2 tall."""
    k, w = MARK * z, (MARK - 2) * z
    draw.polygon(
        [(x, y - k), (x + w, y), (x, y + k), (x - w, y)],
        fill=fill,
        outline=edge,
        width=max(1, round(1.5 * z)),
    )


def arrow(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    z: float,
    fill: Colour,
    halo: Colour,
    head_only: bool = False,
) -> None:
    """A straight arrow from a to b, haloed so it reads over roads and paper (`head_only`:
    its head again, over names written on top of the shaft)."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay) or 1
    ux, uy = (bx - ax) / length, (by - ay) / length
    head, wide = 14 * z, 8 * z
    neck = (bx - ux * head, by - uy * head)
    tip = [
        (bx, by),
        (neck[0] - uy * wide, neck[1] + ux * wide),
        (neck[0] + uy * wide, neck[1] - ux * wide),
    ]
    if not head_only:
        draw.line((ax, ay, *neck), fill=halo, width=round(8 * z))
    draw.polygon(tip, fill=fill, outline=halo, width=round(2 * z))
    if not head_only:
        draw.line((ax, ay, *neck), fill=fill, width=round(4 * z))


def disc(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    z: float,
    fill: Colour,
    ring: Colour | None,
    edge: Colour,
    star: bool = False,
) -> None:
    """A token's disc, with its state ring when it has one (a star-shaped one: the winner)."""
    k = HALF_TOKEN * z
    if ring is not None and star:
        points = [
            (
                x + (k if i % 2 == 0 else k * 0.72) * math.cos(-math.pi / 2 + i * math.pi / 8),
                y + (k if i % 2 == 0 else k * 0.72) * math.sin(-math.pi / 2 + i * math.pi / 8),
            )
            for i in range(16)
        ]
        draw.polygon(points, fill=ring)
    elif ring is not None:
        draw.ellipse((x - k, y - k, x + k, y + k), fill=ring)
    k = TOKEN_R * z
    draw.ellipse((x - k, y - k, x + k, y + k), fill=fill, outline=edge, width=round(2 * z))


def creature(draw: ImageDraw.ImageDraw, x: float, y: float, z: float, *colours: Colour) -> None:
    """A creature in a fight: a dark disc in a red ring with two crossed swords
    (`colours`: the disc, the ring, the swords)."""
    fill, ring, edge = colours
    disc(draw, x, y, z, fill, ring, edge)
    k, g = 9 * z, 3 * z
    for sx in (1, -1):
        draw.line((x - sx * k, y + k, x + sx * k, y - k), fill=edge, width=round(3 * z))
        hx, hy = x - sx * k * 0.5, y + k * 0.5
        draw.line((hx - g, hy - sx * g, hx + g, hy + sx * g), fill=edge, width=round(2 * z))
