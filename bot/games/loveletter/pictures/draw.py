"""Drawing helpers shared by the card faces, the hand and the table: text that fits a box,
pill-shaped badges; the PNG encoder is the platform's (`bot.ui.png`)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.games.loveletter.pictures.fonts import font
from bot.ui.png import png

__all__ = ["badge", "fit", "fitted_lines", "png", "wrap"]

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=8192)
def length(text: str, f: Font) -> float:
    """The text's advance width, measured once: measuring with the variable fonts is slow
    and a game's pictures measure the same names and words again and again."""
    return f.getlength(text)


@lru_cache(maxsize=4096)
def fit(text: str, width: float, f: Font) -> str:
    """`text`, cut with an ellipsis where it would be wider than `width`."""
    if length(text, f) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, width: float, f: Font) -> list[str]:
    """Greedy word wrap; a single word wider than `width` stays on its own line."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and f.getlength(trial) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def fitted_lines(
    text: str, width: float, lines: int, sizes: range, weight: int = 400, family: str | None = None
) -> tuple[list[str], Font]:
    """The largest of `sizes` (tried from the first) at which `text` wraps into `lines`
    lines of `width`; the smallest size, with its lines cut to fit, when none does."""
    chosen: tuple[list[str], Font] | None = None
    for size in sizes:
        f = font(size, weight) if family is None else font(size, weight, family)
        wrapped = wrap(text, width, f)
        chosen = (wrapped, f)
        if len(wrapped) <= lines and all(f.getlength(w) <= width for w in wrapped):
            return chosen
    assert chosen is not None, "sizes must not be empty"
    wrapped, f = chosen
    return [fit(w, width, f) for w in wrapped[:lines]], f


@lru_cache(maxsize=256)
def badge(text: str, fg: RGB, bg: RGB, size: int = 15) -> Image.Image:
    """A pill with a word in it ("OUT", "PROTECTED"), made once per text and colours."""
    f = font(size, 700)
    w = int(f.getlength(text)) + size
    h = size + 10
    scale = 3
    img = Image.new("RGBA", (w * scale, h * scale), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w * scale - 1, h * scale - 1), h * scale // 2, fill=bg)
    img = img.resize((w, h), Image.Resampling.LANCZOS)
    ImageDraw.Draw(img).text((w / 2, h / 2), text, fill=fg, font=f, anchor="mm")
    return img
