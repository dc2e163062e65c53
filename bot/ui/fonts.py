"""Fonts for every game's pictures: Noto Sans and Noto Serif from their PyPI wheels (fontpkg).

Shipped as project dependencies (SIL Open Font License 1.1), so no system font is assumed;
both carry the umlauts of the Pegasus German names. Each size and weight is opened once.

Drawing text is most of a picture's drawing time (FreeType lays out and rasterises every
word each time), and the same words come back on every picture: names, headings, "Draw
pile". So each font remembers the bitmaps it rendered and the lengths it measured, in one
LRU cache of a few MB shared by all fonts (`CachedFont`); drawing a word again pastes its
bitmap. The bitmaps are only read once made (`ImageDraw.text` draws them as a mask).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fontpkg.pil import truetype  # type: ignore[import-untyped]  # fontpkg has no type hints
from PIL import ImageFont

from bot.ui.lru import SizedLru

SANS = "Noto Sans"
SERIF = "Noto Serif"
TEXT_BUDGET = 4 * 2**20  # bytes of text bitmaps kept
Mask = tuple[Any, tuple[int, int]]  # (Pillow's core bitmap, offset), as getmask2 returns it
_MASKS: SizedLru[Mask] = SizedLru(TEXT_BUDGET, "text bitmaps")
_LENGTHS: SizedLru[float] = SizedLru(2**20, "text lengths")  # about 40 bytes an entry


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that renders and measures each text once (see the module doc)."""

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> Mask:
        def render() -> Mask:
            return super(CachedFont, self).getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start,
                *args, **kwargs,
            )  # fmt: skip

        if mode == "RGBA" or args:
            return render()  # colour glyphs: ImageDraw changes the bitmap it gets
        key = (
            self, text, mode, direction, tuple(features or ()), language, stroke_width,
            anchor, start, tuple(sorted(kwargs.items())),
        )  # fmt: skip
        found = _MASKS.get(key)
        if found is None:
            found = render()
            width, height = found[0].size
            _MASKS.put(key, found, width * height + 200)
        return found

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        key = (self, text, mode, direction, tuple(features or ()), language)
        found = _LENGTHS.get(key)
        if found is None:
            found = super().getlength(text, mode, direction, features, language)
            _LENGTHS.put(key, found, 40 + len(text))
        return found


@lru_cache(maxsize=64)
def font(size: int, weight: int = 400, family: str = SANS) -> ImageFont.FreeTypeFont:
    """The family at a pixel size and weight (100-900; the wheels hold variable fonts)."""
    loaded: ImageFont.FreeTypeFont = truetype(family, size, weight=weight)
    loaded.__class__ = CachedFont  # fontpkg makes a FreeTypeFont; the same, remembering
    return loaded


def serif(size: int, weight: int = 700) -> ImageFont.FreeTypeFont:
    return font(size, weight, SERIF)
