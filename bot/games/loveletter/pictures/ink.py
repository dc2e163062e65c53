"""Texts as the pictures draw them, each kept with its size and box.

A player reads the table on a phone about 400 px wide, so every word and number on it must
be at least `MIN_TEXT` px tall at the picture's native width (8 px once shown 400 px wide).
Drawing through `write` keeps a record of each text, so a test can check the sizes from the
layout itself rather than by looking at pixels. Each text is rendered once into a small
image and cached (names, captions and counts repeat from one picture of a game to the next):
rendering glyphs of the variable fonts is the costliest part of a table picture.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]  # left, top, right, bottom


@dataclass(frozen=True, slots=True)
class Written:
    """One text on a picture: its words, font size in px (the em height), box and role
    ("player", "value", "card name", "badge", "tally", ...)."""

    text: str
    size: float
    box: Box
    role: str

    def moved(self, dx: float, dy: float) -> Written:
        left, top, right, bottom = self.box
        return Written(
            self.text, self.size, (left + dx, top + dy, right + dx, bottom + dy), self.role
        )


@dataclass(slots=True)
class Drawn:
    """A picture and what is on it where: every text, each seat's panel, the card marked
    as just played. Tests read the geometry from here rather than from pixels."""

    image: Image.Image
    written: list[Written] = field(default_factory=list)  # drawn on this picture itself
    # Pieces pasted at (x, y), each with its texts in its own pixels: moved only when read.
    placed: list[tuple[int, int, tuple[Written, ...]]] = field(default_factory=list)
    panels: list[Box] = field(default_factory=list)
    last: Box | None = None  # the card just played, where it lies in its pile

    @property
    def texts(self) -> list[Written]:
        """Every text on the picture, where it lies (worked out when asked: the tests ask,
        a picture on its way to Discord does not)."""
        return self.written + [w.moved(x, y) for x, y, ws in self.placed for w in ws]

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        f: ImageFont.FreeTypeFont,
        fill: RGB,
        role: str,
        anchor: str = "la",
    ) -> None:
        """Draw `text` on the picture and keep it."""
        write(self.image, xy, text, f, fill, role, self.written, anchor)


def write(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    role: str,
    out: list[Written],
    anchor: str = "la",
) -> None:
    """Draw `text` on `img` and record it in `out`."""
    label, (left, top, right, bottom) = _label(text, f, fill, anchor)
    x, y = xy
    img.paste(label, (math.floor(x + left), math.floor(y + top)), label)
    out.append(Written(text, f.size, (x + left, y + top, x + right, y + bottom), role))


@lru_cache(maxsize=1024)  # a few MB: names, words and counts of the games being played
def _label(text: str, f: ImageFont.FreeTypeFont, fill: RGB, anchor: str) -> tuple[Image.Image, Box]:
    """The text alone on a transparent image, and its ink box relative to the anchor point."""
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    x0, y0 = math.floor(left), math.floor(top)
    size = (max(1, math.ceil(right) - x0), max(1, math.ceil(bottom) - y0))
    img = Image.new("RGBA", size, (*fill, 0))
    ImageDraw.Draw(img).text((-x0, -y0), text, fill=fill, font=f, anchor=anchor)
    return img, (float(left), float(top), float(right), float(bottom))
