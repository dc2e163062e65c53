"""Pieces of the table picture that repeat: seat panels and tally icons, each drawn once
(smooth, at 3x) and cached, so drawing a table is mostly pasting."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.faces import SS
from bot.games.loveletter.pictures.symbols import TALLIES
from bot.games.loveletter.pictures.theme import RGB, Scheme, scheme

TALLY = 20  # a tally icon's size


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def panel_colour(edition_id: str, out: bool) -> RGB:
    """A seat's panel: a little lighter than the table, darker when its player is out."""
    s = scheme(edition_id)
    return mix(s.table, s.table_ink, 0.04 if out else 0.12)


@lru_cache(maxsize=64)
def panel(edition_id: str, size: tuple[int, int], out: bool, ring: RGB | None) -> Image.Image:
    """A seat's rounded panel, with a ring of colour `ring` (the player whose turn it is)."""
    w, h = size
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill = panel_colour(edition_id, out)
    if ring is not None:
        d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 14 * SS, fill=ring)
        d.rounded_rectangle((3 * SS, 3 * SS, (w - 3) * SS, (h - 3) * SS), 11 * SS, fill=fill)
    else:
        d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 14 * SS, fill=fill)
    return img.resize(size, Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def tally(edition_id: str, won: bool) -> Image.Image:
    """One tally icon: filled gold when won; one still to win is its outline in a light
    colour (a faint grey shape on the dark table could not be told apart on a phone)."""
    s = scheme(edition_id)
    size = TALLY * SS
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    draw, c, r = TALLIES[s.tally], size / 2, size * 0.46
    if won:
        draw(d, c, c, r, s.gold, mix(s.table, s.table_ink, 0.12))
    else:
        hole = (0, 0, 0, 0)  # drawing sets pixels: the inner shape cuts the outline out
        draw(d, c, c, r, empty_tally_colour(s), hole)  # type: ignore[arg-type]
        draw(d, c, c, r - 2.2 * SS, hole, hole)  # type: ignore[arg-type]
    return img.resize((TALLY, TALLY), Image.Resampling.LANCZOS)


def empty_tally_colour(s: Scheme) -> RGB:
    """The outline of a tally still to win: most of the way to the table's text colour."""
    return mix(s.table, s.table_ink, 0.75)


@lru_cache(maxsize=16)
def veil(size: tuple[int, int], colour: RGB, alpha: int) -> Image.Image:
    """A translucent layer that greys out what lies under it (a knocked-out player's cards)."""
    return Image.new("RGBA", size, (*colour, alpha))
