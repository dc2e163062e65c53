"""Card faces drawn from the card data: value, names, symbol, rule text, edition colours.

Every face of a size is the same size. A face is drawn once per process and language (at
`SS` times its size, then scaled down for smooth edges) and cached; pictures paste the cached
images. The reader's locale is part of every cache key that holds words, so a German face is
never shown to an English reader, nor the other way round.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.draw import fit, fitted_lines, length, wrap
from bot.games.loveletter.pictures.fonts import SERIF, condensed, font, serif
from bot.games.loveletter.pictures.ink import Written, write
from bot.games.loveletter.pictures.source import edition
from bot.games.loveletter.pictures.symbols import SYMBOLS, TALLIES
from bot.games.loveletter.pictures.texts import played_kind, rule_text
from bot.games.loveletter.pictures.theme import card, face_names, scheme, small_names
from bot.i18n import _, current_locale, n_

FACE = (240, 336)  # a held card
SMALL = (96, 104)  # a card in a discard pile or face up on the table, pasted 1:1
SS = 3  # drawn at this multiple, then scaled down
SMALL_VALUE = 32  # the value's size on a small card (serif): readable on its visible strip
SMALL_NAME = 16  # a small card's names (condensed sans): 8 px on a phone, never hyphenated
CHIP = 30  # a card chip's height
VALUE_STRIP = 28  # how much of a covered small card must show: its value, whole


def _elves(edition_id: str, options: Mapping[str, str] | None) -> str:
    """The only option that changes a face: the Hobbit's elves (HOB-9)."""
    return (options or {}).get("elves", "printed") if edition_id == "hobbit" else ""


def face(edition_id: str, card_id: str, options: Mapping[str, str] | None = None) -> Image.Image:
    """The full face of a card (RGBA, FACE-sized); KeyError for a card the edition lacks."""
    return _face(edition_id, card_id, _elves(edition_id, options), current_locale())


def small(edition_id: str, card_id: str, options: Mapping[str, str] | None = None) -> Image.Image:
    """The small face: value, symbol and names (RGBA, SMALL-sized)."""
    return _small(edition_id, card_id, _elves(edition_id, options), current_locale())[0]


def small_texts(
    edition_id: str, card_id: str, options: Mapping[str, str] | None = None
) -> tuple[Written, ...]:
    """The texts on the small face, in its own pixels: what a layout pastes with the card."""
    return _small(edition_id, card_id, _elves(edition_id, options), current_locale())[1]


@cache
def _face(edition_id: str, card_id: str, elves: str, locale: str) -> Image.Image:
    """The face in `locale` (the current one: `locale` is the cache's key)."""
    c, s = card(edition_id, card_id), scheme(edition_id)
    w, h = FACE
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 16 * SS, fill=s.accent)
    d.rounded_rectangle((7 * SS, 7 * SS, (w - 7) * SS, (h - 7) * SS), 11 * SS, fill=s.paper)
    d.rounded_rectangle((16 * SS, 80 * SS, (w - 16) * SS, 222 * SS), 8 * SS, fill=s.panel)
    options = {"elves": elves} if elves else None
    SYMBOLS[played_kind(c, options)](d, w / 2 * SS, 151 * SS, 50 * SS, s.accent, s.panel)
    cx, cy, r = 40 * SS, 42 * SS, 26 * SS
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=s.gold)
    d.ellipse((cx - r + 3 * SS, cy - r + 3 * SS, cx + r - 3 * SS, cy + r - 3 * SS), fill=s.accent)
    img = img.resize(FACE, Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)  # text straight at the final size: sharper than scaled down
    d.text((40, 42), str(c.value), fill=s.accent_ink, font=serif(34, 800), anchor="mm")
    _names(d, edition_id, card_id, s.ink)
    text = rule_text(edition_id, c, options)
    lines, f = fitted_lines(text, w - 44, 4, range(15, 11, -1), 500)
    step = f.size + 4
    top = 270 - step * len(lines) / 2 + step / 2
    for i, line in enumerate(lines):
        d.text((w / 2, top + i * step), line, fill=s.ink, font=f, anchor="mm")
    tag = n_("{n}× in the deck", "{n}× in the deck", c.copies)
    if c.expansion:
        tag = _("{copies} · 5–8 players", copies=tag)
    d.text((w / 2, h - 18), tag, fill=s.accent, font=font(11, 600), anchor="mm")
    return img


def _names(
    d: ImageDraw.ImageDraw, edition_id: str, card_id: str, ink: tuple[int, int, int]
) -> None:
    """The big name (one or two lines) and the second name under it, right of the value."""
    big, second = face_names(edition_id, card_id)
    left, width = 74, FACE[0] - 74 - 14
    lines, f = fitted_lines(big, width, 2 if not second else 1, range(22, 13, -1), 700, SERIF)
    block = f.size * len(lines) + (17 if second else 0)
    y = 42 - block / 2
    for line in lines:
        d.text((left, y), line, fill=ink, font=f, anchor="lt")
        y += f.size + 1
    if second:
        sub = font(14, 500)
        d.text((left, y + 2), fit(second, width, sub), fill=ink, font=sub, anchor="lt")


@cache
def _small(
    edition_id: str, card_id: str, elves: str, locale: str
) -> tuple[Image.Image, tuple[Written, ...]]:
    """Value in the corner (so a pile that overlaps still shows every value), the symbol
    beside it, the names under them: Pegasus English and German in English, else the one
    name (in `locale`, the current one: the cache's key)."""
    c, s = card(edition_id, card_id), scheme(edition_id)
    w, h = SMALL
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 9 * SS, fill=s.accent)
    d.rounded_rectangle((3 * SS, 3 * SS, (w - 3) * SS, (h - 3) * SS), 7 * SS, fill=s.paper)
    kind = played_kind(c, {"elves": elves} if elves else None)
    SYMBOLS[kind](d, 66 * SS, 26 * SS, 16 * SS, s.accent, s.paper)
    img = img.resize(SMALL, Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)
    texts: list[Written] = []
    write(img, (8, 26), str(c.value), serif(SMALL_VALUE, 800), s.accent, "value", texts, "lm")
    name, second = small_names(edition_id, card_id)
    bold = condensed(SMALL_NAME, 600)
    lines = [(name, bold)] if second else [(line, bold) for line in wrap(name, w - 8, bold)]
    if second:
        lines.append((second, condensed(SMALL_NAME, 450)))
    y = 76 - (len(lines) - 1) * (SMALL_NAME + 3) / 2
    for i, (line, f) in enumerate(lines):
        at = (w / 2, y + i * (SMALL_NAME + 3))
        write(img, at, fit(line, w - 8, f), f, s.ink, "card name", texts, "mm")
    return img, tuple(texts)


def chip(
    edition_id: str, card_id: str, options: Mapping[str, str] | None = None
) -> tuple[Image.Image, tuple[Written, ...]]:
    """The card as a one-line chip, value and name (face-up and set-aside cards in the
    header, where a whole small card would cost the seats their height), and its texts."""
    return _chip(edition_id, card_id, _elves(edition_id, options), current_locale())


@cache
def _chip(
    edition_id: str, card_id: str, elves: str, locale: str
) -> tuple[Image.Image, tuple[Written, ...]]:
    c, s = card(edition_id, card_id), scheme(edition_id)
    value, name = serif(22, 800), condensed(SMALL_NAME, 600)
    label = small_names(edition_id, card_id)[0]
    w = int(8 + length(str(c.value), value) + 6 + length(label, name) + 10)
    h = CHIP
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 7 * SS, fill=s.accent)
    d.rounded_rectangle((2 * SS, 2 * SS, (w - 2) * SS, (h - 2) * SS), 6 * SS, fill=s.paper)
    img = img.resize((w, h), Image.Resampling.LANCZOS)
    texts: list[Written] = []
    write(img, (8, h / 2), str(c.value), value, s.accent, "value", texts, "lm")
    x = 8 + length(str(c.value), value) + 6
    write(img, (x, h / 2), label, name, s.ink, "card name", texts, "lm")
    return img, tuple(texts)


@cache
def back(edition_id: str, size: tuple[int, int] = SMALL) -> Image.Image:
    """The back of a card: the edition's colour, a lattice and its tally symbol."""
    s = scheme(edition_id)
    w, h = size
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 9 * SS, fill=s.accent)
    inset = 6 * SS
    d.rounded_rectangle((inset, inset, w * SS - inset, h * SS - inset), 5 * SS, None, s.gold, SS)
    step = 12 * SS
    for k in range(-h * SS, w * SS, step):
        d.line((k, inset, k + h * SS, inset + h * SS), fill=s.panel + (60,), width=SS)
        d.line((k + h * SS, inset, k, inset + h * SS), fill=s.panel + (60,), width=SS)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), 9 * SS, None, s.accent, inset - SS)
    d.rounded_rectangle((inset, inset, w * SS - inset, h * SS - inset), 5 * SS, None, s.gold, SS)
    r = min(w, h) * SS // 4
    d.ellipse((w * SS / 2 - r, h * SS / 2 - r, w * SS / 2 + r, h * SS / 2 + r), fill=s.accent)
    TALLIES[s.tally](d, w * SS / 2, h * SS / 2, r * 0.7, s.gold, s.accent)
    return img.resize(size, Image.Resampling.LANCZOS)


def warm(edition_id: str, *, tables: bool = True) -> None:
    """Draw the edition's faces, small faces and back now (about a second for an edition), so
    that later pictures only paste them: better spent before a benchmark's timing, or at
    start-up, than while a player waits for their first hand. In the current locale: the
    faces of each language are kept apart (wrap the call in `use_locale` for another).
    `tables=False`: the full faces only, all that a hand's picture pastes."""
    for c in edition(edition_id).cards:
        face(edition_id, c.id)
        if tables:
            small(edition_id, c.id)
    if tables:
        back(edition_id)
