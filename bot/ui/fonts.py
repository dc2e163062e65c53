"""Fonts for every game's pictures: Noto Sans and Noto Serif from their PyPI wheels (fontpkg).

Shipped as project dependencies (SIL Open Font License 1.1), so no system font is assumed;
both carry the umlauts of the Pegasus German names. Each size and weight is opened once.
"""

from __future__ import annotations

from functools import lru_cache

from fontpkg.pil import truetype
from PIL import ImageFont

SANS = "Noto Sans"
SERIF = "Noto Serif"


@lru_cache(maxsize=64)
def font(size: int, weight: int = 400, family: str = SANS) -> ImageFont.FreeTypeFont:
    """The family at a pixel size and weight (100-900; the wheels hold variable fonts)."""
    return truetype(family, size, weight=weight)


def serif(size: int, weight: int = 700) -> ImageFont.FreeTypeFont:
    return font(size, weight, SERIF)
