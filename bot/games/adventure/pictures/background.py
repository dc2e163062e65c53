"""The board picture's background: paper, roads, every place's symbol and name, the line
under the map and the legend. It never changes, so it is drawn once per number of hobbits,
large, then shrunk and turned into a palette picture (it encodes three times faster than RGB);
the palette's last entries are kept for what a picture draws on top (`ink`)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.adventure.pictures import panel
from bot.games.adventure.pictures.cached import per_locale
from bot.games.adventure.pictures.layout import MAP_HEIGHT, POS, WIDTH, ZOOM, R, key, place_names
from bot.games.adventure.pictures.marks import (
    ARROW,
    DUEL,
    FIGHT,
    HIGHLIGHT,
    INK,
    OUT,
    PAPER,
    RGB,
    ROAD,
    TALISMAN_COLOURS,
    WHITE,
    arrow,
    creature,
    disc,
    mark,
    reach_ring,
    rgb_of,
    shape,
    text,
)
from bot.ui.fonts import font
from engine.adventure import board as B


def _legend_icon(draw: ImageDraw.ImageDraw, icon: str, x: float, y: float) -> None:
    """A legend icon at zoom: a place symbol, a reach ring, talisman marks, an arrow or a
    token ring (drawn on the zoomed background)."""
    z = ZOOM
    if icon == "ring":
        reach_ring(draw, x * z, y * z, z, HIGHLIGHT, INK)
    elif icon == "talismans":
        for i, c in enumerate(("blue", "green")):
            mark(draw, (x - 8 + 16 * i) * z, y * z, z, TALISMAN_COLOURS[c], INK)
    elif icon == "arrow":
        arrow(draw, ((x - 20) * z, y * z), ((x + 20) * z, y * z), z, ARROW, WHITE)
    elif icon == "fight":
        creature(draw, x * z, y * z, z, ARROW, FIGHT, WHITE)
    else:
        ring = {"active": HIGHLIGHT, "duel": DUEL, "winner": HIGHLIGHT}.get(icon)
        fill = OUT if icon == "out" else INK
        disc(draw, x * z, y * z, z, fill, ring, WHITE, icon == "winner")


@per_locale(maxsize=12)
def background(seats: int = 4) -> Image.Image:
    """Paper, roads, places, names and the legend for `seats` hobbits, in the reader's language:
    drawn once each, large, then shrunk and turned into a palette picture (it encodes three
    times faster than RGB); the palette's last entries are kept for what `render` draws on
    top."""
    z = ZOOM
    img = Image.new("RGB", (WIDTH * z, panel.height(seats) * z), PAPER)
    draw = ImageDraw.Draw(img)
    for a, b in B.ROADS:
        (ax, ay), (bx, by) = POS[a], POS[b]
        draw.line((ax * z, ay * z, bx * z, by * z), fill=ROAD, width=4 * z)
    for pid, place in B.PLACES.items():
        x, y = POS[pid]
        shape(draw, place.kind, x * z, y * z, R * z)
    for t in place_names():
        draw.text(
            (t.x * z, t.y * z),
            t.text,
            font=font(t.size * z, t.weight),
            fill=INK,
            anchor=t.anchor,
            stroke_width=3 * z,
            stroke_fill=PAPER,
        )
    draw.line((0, MAP_HEIGHT * z, WIDTH * z, MAP_HEIGHT * z), fill=INK, width=2 * z)
    for k in key():
        shape(draw, k.kind, k.x * z, k.y * z, 10 * z)
        text(draw, k.text, INK, z)
    for item in panel.legend(seats):
        _legend_icon(draw, item.icon, item.x, item.y)
        text(draw, item.text, INK, z)
    small = img.resize((WIDTH, panel.height(seats)), Image.Resampling.LANCZOS)
    free = 256 - len(RESERVED)
    base = small.quantize(colors=free, method=Image.Quantize.MEDIANCUT)
    palette = (base.getpalette() or [])[: 3 * free]
    palette += [0] * (3 * free - len(palette))
    for rgb in RESERVED:
        palette += list(rgb)
    base.putpalette(palette)
    return base


def _reserved() -> tuple[RGB, ...]:
    from bot.games.adventure.models import COLOURS

    colours = (HIGHLIGHT, INK, WHITE, FIGHT, DUEL, OUT, ARROW, PAPER)
    return tuple(
        dict.fromkeys((*colours, *TALISMAN_COLOURS.values(), *(rgb_of(c) for c in COLOURS)))
    )


RESERVED: tuple[RGB, ...] = _reserved()


def ink(rgb: RGB) -> int:
    """The palette index of a colour drawn on top of the background (ink for any other)."""
    return 256 - len(RESERVED) + (RESERVED.index(rgb) if rgb in RESERVED else 1)
