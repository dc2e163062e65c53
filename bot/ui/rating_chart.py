"""The picture in `stats`: a player's shown rating after each of their last 50 rated games,
with its uncertainty as a band, drawn with Pillow like the other pictures (bot/ui/fonts.py).

Drawn wide and with big type because phones show it about 400 px wide.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord
from PIL import Image, ImageDraw

from bot.i18n import _, n_
from bot.ui.fonts import font
from storage.skill import BASE, SCALE, shown

FILENAME = "rating.png"
WIDTH, HEIGHT = 800, 360
LEFT, RIGHT, TOP, BOTTOM = 120, 30, 30, 70
BACKGROUND, GRID, INK, LINE, BAND = "#1e1f22", "#3a3c42", "#dbdee1", "#5865f2", "#2e3352"


def chart_png(trail: Sequence[tuple[float, float]]) -> bytes:
    """The chart as PNG bytes (``trail``: (mu, sigma) after each game, oldest first)."""
    values = [shown(mu, sigma) for mu, sigma in trail]
    tops = [round(BASE + SCALE * mu) for mu, _sigma in trail]  # mu itself: where the band ends
    low, high = min(values), max(max(tops), max(values))
    step = _step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    high = max(high, low + step)
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small = font(32)

    def x(i: int) -> float:
        span = max(len(values) - 1, 1)
        return LEFT + (WIDTH - LEFT - RIGHT) * i / span

    def y(v: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - v) / (high - low)

    for v in range(low, high + 1, step):
        draw.line([(LEFT, y(v)), (WIDTH - RIGHT, y(v))], fill=GRID, width=1)
        draw.text((LEFT - 12, y(v)), str(v), font=small, fill=INK, anchor="rm")
    band = [(x(i), y(t)) for i, t in enumerate(tops)] + [
        (x(i), y(v)) for i, v in reversed(list(enumerate(values)))
    ]
    if len(values) > 1:
        draw.polygon(band, fill=BAND)
        draw.line([(x(i), y(v)) for i, v in enumerate(values)], fill=LINE, width=5)
    for i, v in enumerate(values):
        draw.ellipse([x(i) - 5, y(v) - 5, x(i) + 5, y(v) + 5], fill=LINE)
    games = n_("last {n} rated game", "last {n} rated games", len(values))
    caption = _("{games} · shaded: may be higher", games=games)
    draw.text((WIDTH / 2, HEIGHT - 14), caption, font=small, fill=INK, anchor="ms")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def _step(span: int) -> int:
    """A round grid step giving about four lines."""
    for step in (10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    return 2000


def alt_text(name: str, trail: Sequence[tuple[float, float]]) -> str:
    values = [shown(mu, sigma) for mu, sigma in trail]
    return n_(
        "{name}'s rating over their last {n} rated game: from {first} to {last},"
        " lowest {lowest}, highest {highest}.",
        "{name}'s rating over their last {n} rated games: from {first} to {last},"
        " lowest {lowest}, highest {highest}.",
        len(values),
        name=name,
        first=values[0],
        last=values[-1],
        lowest=min(values),
        highest=max(values),
    )[:1024]


def chart_file(name: str, trail: Sequence[tuple[float, float]]) -> discord.File | None:
    """The attachment for the stats message, None when there is nothing to draw yet."""
    if not trail:
        return None
    return discord.File(
        io.BytesIO(chart_png(trail)), filename=FILENAME, description=alt_text(name, trail)
    )
