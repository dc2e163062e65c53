"""Texts as the pictures draw them, each kept with its size and box.

A player reads the table on a phone about 400 px wide, so every word and number on it must
be at least `MIN_TEXT` px tall at the picture's native width (8 px once shown 400 px wide).
Drawing through `write` keeps a record of each text, so a test can check the sizes from the
layout itself rather than by looking at pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw, ImageFont

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


def write(
    d: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    role: str,
    out: list[Written],
    anchor: str = "la",
) -> None:
    """Draw `text` and record it in `out`."""
    d.text(xy, text, fill=fill, font=f, anchor=anchor)
    box = d.textbbox(xy, text, font=f, anchor=anchor)
    out.append(Written(text, f.size, tuple(float(v) for v in box), role))  # type: ignore[arg-type]
