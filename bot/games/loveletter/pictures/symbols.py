"""One symbol per card kind, and the tally icons, drawn from plain shapes (no artwork).

Each drawer paints into the square of radius `r` around (x, y) in colour `fg`, cutting
details in `bg`. Cards are drawn at a multiple of their size and scaled down once, so the
shapes come out smooth although Pillow's polygons have no anti-aliasing.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from bot.games.loveletter.pictures.fonts import serif
from bot.games.loveletter.pictures.source import Kind

RGB = tuple[int, int, int]
Pt = tuple[float, float]
Drawer = Callable[[ImageDraw.ImageDraw, float, float, float, RGB, RGB], None]


def _pts(x: float, y: float, r: float, pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points given in units of r around the centre."""
    return [(x + px * r, y + py * r) for px, py in pts]


def gem(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    outline = [(-1, -0.3), (-0.55, -0.8), (0.55, -0.8), (1, -0.3), (0, 0.95)]
    d.polygon(_pts(x, y, r, outline), fill=fg)
    w = max(2, int(r * 0.06))
    for a, b in [((-1.0, -0.3), (1.0, -0.3)), ((-0.3, -0.3), (0, 0.95)), ((0.3, -0.3), (0, 0.95))]:
        d.line(_pts(x, y, r, [a, b]), fill=bg, width=w)
    for a, b in [((-0.55, -0.8), (-0.3, -0.3)), ((0.55, -0.8), (0.3, -0.3))]:
        d.line(_pts(x, y, r, [a, b]), fill=bg, width=w)


def lock(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    w = int(r * 0.2)
    d.arc((x - 0.5 * r, y - 0.95 * r, x + 0.5 * r, y + 0.05 * r), 180, 360, fill=fg, width=w)
    d.line((x - 0.5 * r + w / 2, y - 0.45 * r, x - 0.5 * r + w / 2, y - 0.1 * r), fg, w)
    d.line((x + 0.5 * r - w / 2, y - 0.45 * r, x + 0.5 * r - w / 2, y - 0.1 * r), fg, w)
    d.rounded_rectangle((x - 0.8 * r, y - 0.15 * r, x + 0.8 * r, y + 0.9 * r), r * 0.15, fg)
    d.ellipse((x - 0.16 * r, y + 0.12 * r, x + 0.16 * r, y + 0.44 * r), fill=bg)
    d.polygon(_pts(x, y, r, [(-0.08, 0.35), (0.08, 0.35), (0.12, 0.7), (-0.12, 0.7)]), fill=bg)


def _arrow(d: ImageDraw.ImageDraw, x0: float, x1: float, y: float, r: float, fg: RGB) -> None:
    """A horizontal arrow from x0 to x1 (its head at x1)."""
    sign = 1 if x1 > x0 else -1
    d.line((x0, y, x1 - sign * 0.35 * r, y), fill=fg, width=int(r * 0.18))
    d.polygon(
        [(x1, y), (x1 - sign * 0.45 * r, y - 0.3 * r), (x1 - sign * 0.45 * r, y + 0.3 * r)], fg
    )


def swap(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    _arrow(d, x - 0.9 * r, x + 0.95 * r, y - 0.38 * r, r, fg)
    _arrow(d, x + 0.9 * r, x - 0.95 * r, y + 0.38 * r, r, fg)


def redraw(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    """An empty card (the one discarded), a full one (the one drawn), an arrow between."""
    w = max(2, int(r * 0.1))
    d.rounded_rectangle(
        (x - 0.95 * r, y - 0.35 * r, x - 0.15 * r, y + 0.8 * r), r * 0.1, None, fg, w
    )
    d.rounded_rectangle((x + 0.15 * r, y - 0.35 * r, x + 0.95 * r, y + 0.8 * r), r * 0.1, fg)
    box = (x - 0.55 * r, y - 0.95 * r, x + 0.55 * r, y + 0.15 * r)
    d.arc(box, 200, 330, fill=fg, width=int(r * 0.13))
    d.polygon(_pts(x, y, r, [(0.32, -0.82), (0.7, -0.62), (0.36, -0.45)]), fill=fg)


def shield(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    side = [(0.8, -0.75), (0.8, -0.1), (0.65, 0.35), (0.35, 0.7), (0, 0.95)]
    outline = [(0, -0.95), *side, *[(-px, py) for px, py in reversed(side)]]
    d.polygon(_pts(x, y, r, outline), fill=fg)
    w = max(2, int(r * 0.08))
    d.line(_pts(x, y, r, [(0, -0.6), (0, 0.6)]), fill=bg, width=w)
    d.line(_pts(x, y, r, [(-0.5, -0.2), (0.5, -0.2)]), fill=bg, width=w)


def _scales(
    d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB, low: bool
) -> None:
    """A balance, its left pan low; the pan whose player is out carries a cross."""
    w = max(2, int(r * 0.09))
    d.line((x, y - 0.8 * r, x, y + 0.8 * r), fill=fg, width=w)
    d.rounded_rectangle((x - 0.45 * r, y + 0.75 * r, x + 0.45 * r, y + 0.92 * r), r * 0.05, fg)
    tilt = 0.3
    d.line((x - 0.8 * r, y - 0.55 * r + tilt * r, x + 0.8 * r, y - 0.55 * r - tilt * r), fg, w)
    d.ellipse((x - 0.12 * r, y - 0.92 * r, x + 0.12 * r, y - 0.68 * r), fill=fg)
    for side, dy in ((-1, tilt), (1, -tilt)):
        px, top = x + side * 0.8 * r, y - 0.55 * r + dy * r
        d.line((px, top, px - 0.3 * r, top + 0.55 * r), fg, max(1, w // 2))
        d.line((px, top, px + 0.3 * r, top + 0.55 * r), fg, max(1, w // 2))
        d.chord((px - 0.38 * r, top + 0.3 * r, px + 0.38 * r, top + 0.8 * r), 0, 180, fill=fg)
    out = -1 if low else 1
    cx, cy = x + out * 0.8 * r, y - 0.55 * r + (tilt if low else -tilt) * r + 0.62 * r
    k = 0.13 * r
    d.line((cx - k, cy - k, cx + k, cy + k), fill=bg, width=w)
    d.line((cx - k, cy + k, cx + k, cy - k), fill=bg, width=w)


def scales_low(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    _scales(d, x, y, r, fg, bg, low=True)


def scales_high(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    _scales(d, x, y, r, fg, bg, low=False)


def eye(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    steps = [i / 12 - 1 for i in range(25)]
    upper = [(t, -0.62 * (1 - t * t)) for t in steps]
    lower = [(t, 0.62 * (1 - t * t)) for t in reversed(steps)]
    d.polygon(_pts(x, y, r, upper + lower), fill=fg)
    d.ellipse((x - 0.4 * r, y - 0.4 * r, x + 0.4 * r, y + 0.4 * r), fill=bg)
    d.ellipse((x - 0.22 * r, y - 0.22 * r, x + 0.22 * r, y + 0.22 * r), fill=fg)


def two_eyes(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    eye(d, x - 0.45 * r, y - 0.42 * r, 0.55 * r, fg, bg)
    eye(d, x + 0.45 * r, y + 0.42 * r, 0.55 * r, fg, bg)


def _glyph(
    d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB, text: str
) -> None:
    """A ring with a character in it."""
    w = max(2, int(r * 0.12))
    d.ellipse((x - 0.95 * r, y - 0.95 * r, x + 0.95 * r, y + 0.95 * r), outline=fg, width=w)
    size = r * (1.25 if len(text) == 1 else 0.95)
    d.text((x, y), text, fill=fg, font=serif(int(size), 800), anchor="mm")


def question(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    _glyph(d, x, y, r, fg, bg, "?")


def plus_one(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    _glyph(d, x, y, r, fg, bg, "+1")


def ring(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    w = int(r * 0.26)
    d.ellipse((x - 0.8 * r, y - 0.55 * r, x + 0.8 * r, y + 0.95 * r), outline=fg, width=w)
    d.polygon(_pts(x, y, r, [(-0.3, -0.6), (0, -0.95), (0.3, -0.6), (0, -0.4)]), fill=fg)


def mitre(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    outline = [(-0.7, 0.9), (-0.7, -0.2), (-0.35, -0.7), (0, -0.95), (0.35, -0.7), (0.7, -0.2)]
    d.polygon(_pts(x, y, r, [*outline, (0.7, 0.9)]), fill=fg)
    w = max(2, int(r * 0.12))
    d.line(_pts(x, y, r, [(0, -0.55), (0, 0.6)]), fill=bg, width=w)
    d.line(_pts(x, y, r, [(-0.3, -0.15), (0.3, -0.15)]), fill=bg, width=w)


def star(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        k = r if i % 2 == 0 else 0.42 * r
        pts.append((x + k * math.cos(a), y + 0.05 * r + k * math.sin(a)))
    d.polygon(pts, fill=fg)


def chain(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    w = max(2, int(r * 0.17))
    d.rounded_rectangle((x - 1.0 * r, y - 0.7 * r, x + 0.2 * r, y + 0.1 * r), 0.4 * r, None, fg, w)
    d.rounded_rectangle((x - 0.2 * r, y - 0.1 * r, x + 1.0 * r, y + 0.7 * r), 0.4 * r, None, fg, w)


def cross(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    d.rectangle((x - 0.15 * r, y - 0.95 * r, x + 0.15 * r, y + 0.95 * r), fill=fg)
    d.rectangle((x - 0.6 * r, y - 0.5 * r, x + 0.6 * r, y - 0.2 * r), fill=fg)


def _bezier(p0: Pt, c: Pt, p1: Pt, n: int = 10) -> list[Pt]:
    """Points along the quadratic curve from p0 to p1 pulled towards c."""
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, e = (1 - t) ** 2, 2 * t * (1 - t), t * t
        out.append((a * p0[0] + b * c[0] + e * p1[0], a * p0[1] + b * c[1] + e * p1[1]))
    return out


def jester_hat(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    """Three floppy points, the outer two drooping, each with a bell."""
    left = _bezier((-0.7, 0.45), (-0.8, -0.9), (-1.0, 0.1)) + _bezier(
        (-1.0, 0.1), (-0.5, -0.4), (-0.1, 0.45)
    )
    middle = _bezier((-0.35, 0.45), (-0.3, -0.7), (0.0, -0.95)) + _bezier(
        (0.0, -0.95), (0.3, -0.7), (0.35, 0.45)
    )
    for shape in (left, middle, [(-px, py) for px, py in left]):
        d.polygon(_pts(x, y, r, shape), fill=fg)
    for tx, ty in ((-1.0, 0.1), (0.0, -0.95), (1.0, 0.1)):
        cx, cy = x + tx * r, y + ty * r
        d.ellipse((cx - 0.15 * r, cy - 0.15 * r, cx + 0.15 * r, cy + 0.15 * r), fill=fg)
    d.rounded_rectangle((x - 0.75 * r, y + 0.42 * r, x + 0.75 * r, y + 0.78 * r), 0.1 * r, fg)
    for k in (-0.4, 0, 0.4):
        d.ellipse((x + (k - 0.08) * r, y + 0.52 * r, x + (k + 0.08) * r, y + 0.68 * r), fill=bg)


def dagger(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    d.polygon(_pts(x, y, r, [(-0.15, 0.25), (0, -0.98), (0.15, 0.25)]), fill=fg)
    d.rounded_rectangle((x - 0.55 * r, y + 0.22 * r, x + 0.55 * r, y + 0.36 * r), 0.05 * r, fg)
    d.rectangle((x - 0.09 * r, y + 0.36 * r, x + 0.09 * r, y + 0.78 * r), fill=fg)
    d.ellipse((x - 0.16 * r, y + 0.74 * r, x + 0.16 * r, y + 1.0 * r), fill=fg)


SYMBOLS: dict[Kind, Drawer] = {
    Kind.OUT_IF_DISCARDED: gem,
    Kind.FORCED: lock,
    Kind.TRADE: swap,
    Kind.DISCARD_DRAW: redraw,
    Kind.PROTECT: shield,
    Kind.COMPARE_LOW_OUT: scales_low,
    Kind.COMPARE_HIGH_OUT: scales_high,
    Kind.LOOK: eye,
    Kind.GUESS: question,
    Kind.RING: ring,
    Kind.BISHOP: mitre,
    Kind.MARSHAL: star,
    Kind.COUNT: plus_one,
    Kind.FLATTERER: chain,
    Kind.BARONESS: two_eyes,
    Kind.CARDINAL: cross,
    Kind.JESTER: jester_hat,
    Kind.ASSASSIN: dagger,
}


def heart(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    k = 0.52 * r
    d.ellipse((x - r, y - 0.75 * r, x - r + 2 * k, y - 0.75 * r + 2 * k), fill=fg)
    d.ellipse((x + r - 2 * k, y - 0.75 * r, x + r, y - 0.75 * r + 2 * k), fill=fg)
    d.polygon(_pts(x, y, r, [(-0.97, -0.1), (0.97, -0.1), (0, 0.95)]), fill=fg)


def crown(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    top = [(-0.95, -0.6), (-0.5, 0.0), (0, -0.85), (0.5, 0.0), (0.95, -0.6)]
    d.polygon(_pts(x, y, r, [(-0.8, 0.7), *top, (0.8, 0.7)]), fill=fg)


def mon(d: ImageDraw.ImageDraw, x: float, y: float, r: float, fg: RGB, bg: RGB) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=fg)
    d.ellipse((x - 0.6 * r, y - 0.6 * r, x + 0.6 * r, y + 0.6 * r), fill=bg)
    d.ellipse((x - 0.35 * r, y - 0.35 * r, x + 0.35 * r, y + 0.35 * r), fill=fg)


TALLIES: dict[str, Drawer] = {"heart": heart, "crown": crown, "mon": mon}
