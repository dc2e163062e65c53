"""The pictures' fonts: the platform's shared loader (`bot.ui.fonts`), under its old name,
and a condensed cut of the sans for the small cards, whose long names ("Guardswoman",
"Königswitwe") must stay one word at a readable size on a card a phone shows 48 px wide."""

from functools import lru_cache

from PIL import ImageFont

from bot.ui.fonts import SANS, SERIF, font, serif

__all__ = ["SANS", "SERIF", "condensed", "font", "serif"]

NARROW = 62  # the Noto Sans width axis (62-100): narrow enough for one-word names


@lru_cache(maxsize=16)
def condensed(size: int, weight: int = 600) -> ImageFont.FreeTypeFont:
    """Noto Sans at NARROW width: a copy of the shared font, so the shared one keeps its
    width."""
    f = font(size, weight).font_variant()
    known = {b"Weight": weight, b"Width": NARROW}
    axes = f.get_variation_axes()
    f.set_variation_by_axes([float(known.get(a["name"], a["default"] or 0)) for a in axes])
    return f
