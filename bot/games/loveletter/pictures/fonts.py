"""The pictures' fonts: the platform's shared loader (`bot.ui.fonts`), under its old name,
and a condensed cut of the sans for the small cards, whose long names ("Guardswoman",
"Königswitwe") must stay one word at a readable size on a card a phone shows 44 px wide."""

from functools import lru_cache

from fontpkg.pil import truetype
from PIL import ImageFont

from bot.ui.fonts import SANS, SERIF, font, serif

__all__ = ["SANS", "SERIF", "condensed", "font", "serif"]

NARROW = 62  # the Noto Sans width axis (62-100): narrow enough for one-word names


@lru_cache(maxsize=16)
def condensed(size: int, weight: int = 600) -> ImageFont.FreeTypeFont:
    """Noto Sans at NARROW width: its own font object, so the shared ones keep their width."""
    f = truetype(SANS, size, weight=weight)
    axes = {str(a["name"], "ascii") if isinstance(a["name"], bytes) else str(a["name"]): a
            for a in f.get_variation_axes()}  # fmt: skip
    f.set_variation_by_axes(
        [float(weight) if n == "Weight" else float(NARROW) if n == "Width" else float(a["default"])
         for n, a in axes.items()]
    )  # fmt: skip
    return f
