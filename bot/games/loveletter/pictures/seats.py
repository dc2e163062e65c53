"""A seat's panel on the table picture, drawn only when what it shows changed.

A move changes one or two seats (who played, whose turn it is, whom the card chose); the
others look as they did. So each seat is two pieces, each drawn once and kept in a bounded
cache (`PIECES`, least recently used dropped first) under everything it shows: on the left
the panel with the name, tally, marks and the hand shown at a round end; on the right the
discard pile. Both are public (C-10: the table is drawn from the spectators' view only), and
the reader's language is part of every key, so a key holds nothing a player's own view
alone would know and a German piece never reaches an English table. A piece is RGB, cut
with the table's colour behind the panel's rounded corners: pasting it is a plain copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.draw import badge, fit, length
from bot.games.loveletter.pictures.faces import SMALL, VALUE_STRIP, small, small_texts
from bot.games.loveletter.pictures.fonts import condensed, font
from bot.games.loveletter.pictures.ink import Box, Drawn, Written
from bot.games.loveletter.pictures.parts import TALLY, mix, panel, panel_colour, tally, veil
from bot.games.loveletter.pictures.tablehead import LAST_MOVE
from bot.games.loveletter.pictures.theme import (
    FORCED_GOLD,
    JESTER_PURPLE,
    MUTED,
    OUT_RED,
    RGB,
    SHIELD_BLUE,
    scheme,
    short_name,
)
from bot.i18n import _, current_locale
from bot.ui.lru import SizedLru
from bot.ui.paste import paste

if TYPE_CHECKING:
    from bot.games.loveletter.pictures.table import Reveal, Seat, Table

PAD = 10  # inside a panel
ROW = SMALL[1] + 14  # one seat's panel: a small card and a margin
CARD_STEP = SMALL[0] + 6  # discard piles spread like this while they fit
NAME, LABEL, BADGE = 20, 16, 16  # text sizes: player names, captions, marks
TALLY_STEP = TALLY + 5
PILL = BADGE + 10  # a mark's height
PIECES_BUDGET = 32 * 2**20  # bytes of seat pieces kept: about 300 seats of a 4-player table

BADGE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "TURN": ((30, 30, 30), FORCED_GOLD),
    "TO DECIDE": ((30, 30, 30), FORCED_GOLD),
    "OUT": ((255, 255, 255), OUT_RED),
    "PROTECTED": ((255, 255, 255), SHIELD_BLUE),
    "JESTER": ((255, 255, 255), JESTER_PURPLE),
    "FLATTERED": ((255, 255, 255), JESTER_PURPLE),
    "WON": ((30, 30, 30), FORCED_GOLD),
    "SITS OUT": ((240, 240, 240), MUTED),
    "SAT OUT": ((240, 240, 240), MUTED),
}


@dataclass(frozen=True, slots=True)
class Piece:
    """Part of a seat's panel: its pixels and what is on them, in its own coordinates."""

    image: Image.Image  # RGB
    texts: tuple[Written, ...]
    last: Box | None = None  # the card just played, if it lies here


PIECES: SizedLru[Piece] = SizedLru(PIECES_BUDGET)


def place_seat(
    out: Drawn, t: Table, seat: Seat, at: tuple[int, int], width: int, info: int
) -> None:
    """Paste the seat's panel at `at`: each piece from the cache, drawn first if need be."""
    x, y = at
    split = PAD + info + 2  # the panel's left piece ends here, the pile's begins
    ring = seat.turn or any(m.kind == "WON" for m in seat.badges)
    elves = t.options.get("elves", "") if t.edition == "hobbit" else ""
    common = (current_locale(), t.edition, width, info, seat.out, ring)
    left = (*common, "panel", t.target, seat.name, seat.tokens, seat.badges, seat.reveal)
    right = (*common, "pile", elves, seat.discards, seat.last)
    core = out.image.im
    for key, dx, draw in ((left, 0, _left), (right, split, _right)):
        piece = PIECES.get(key)
        if piece is None:
            piece = draw(t, seat, width, info, split)
            w, h = piece.image.size
            PIECES.put(key, piece, w * h * 3 + 200 * len(piece.texts))
        w, h = piece.image.size
        core.paste(piece.image.im, (x + dx, y, x + dx + w, y + h))
        out.placed.append((x + dx, y, piece.texts))
        if piece.last is not None:
            left_, top, right_, bottom = piece.last
            out.last = (left_ + x + dx, top + y, right_ + x + dx, bottom + y)
    out.panels.append((x, y, x + width, y + ROW))


@lru_cache(maxsize=64)
def _bare(edition_id: str, width: int, out: bool, ring: bool) -> Image.Image:
    """The empty panel on the table's colour, RGB: what both pieces are drawn on."""
    s = scheme(edition_id)
    img = Image.new("RGB", (width, ROW), s.table)
    paste(img, panel(edition_id, (width, ROW), out, s.gold if ring else None), (0, 0))
    return img


def _left(t: Table, seat: Seat, width: int, info: int, split: int) -> Piece:
    """The name, the tally (won and still to win), the marks and the hand shown."""
    ring = seat.turn or any(m.kind == "WON" for m in seat.badges)
    out = Drawn(_bare(t.edition, width, seat.out, ring).crop((0, 0, split, ROW)))
    d = ImageDraw.Draw(out.image)
    ink = (170, 170, 170) if seat.out else scheme(t.edition).table_ink
    f = font(NAME, 700)
    out.text((PAD, 6), fit(seat.name, info - 8, f), f, ink, "player")
    for k in range(max(t.target, seat.tokens)):
        icon = tally(t.edition, k < seat.tokens)
        spot = (PAD + k * TALLY_STEP, 36)
        out.image.paste(icon, spot, icon)
        out.written.append(
            Written("tally", TALLY, (*spot, spot[0] + TALLY, spot[1] + TALLY), "tally")
        )
    _badges(out, seat, PAD, 62, PAD + info, bool(seat.reveal))
    if seat.reveal:
        _reveal(out, d, t, seat.reveal, (PAD, 62 + PILL + 2), info)
    return Piece(out.image, tuple(out.written))


def _right(t: Table, seat: Seat, width: int, info: int, split: int) -> Piece:
    """The discard pile, drawn where it lies in the panel, then cut out."""
    ring = seat.turn or any(m.kind == "WON" for m in seat.badges)
    bare = _bare(t.edition, width, seat.out, ring)
    out = Drawn(bare.crop((split, 0, width, ROW)))
    _pile(out, ImageDraw.Draw(out.image), t, seat, (PAD + info + 8 - split, width - PAD - split))
    return Piece(out.image, tuple(out.written), out.last)


def _faint(edition_id: str) -> RGB:
    """Words that matter less ("no discards"), still clear against a panel."""
    s = scheme(edition_id)
    return mix(s.table, s.table_ink, 0.7)


def _card(out: Drawn, t: Table, card_id: str, at: tuple[int, int], shows: int) -> None:
    """Paste a small card whose left `shows` pixels stay in sight; keep the texts in sight."""
    im = small(t.edition, card_id, t.options)
    paste(out.image, im, at)
    for w in small_texts(t.edition, card_id, t.options):
        if w.box[2] <= shows:
            out.written.append(w.moved(*at))


def _badges(out: Drawn, seat: Seat, left: int, top: int, right: int, one_row: bool) -> None:
    """The marks, in rows of pills; what does not fit is left to the text message."""
    bx, by = left, top
    for mark in seat.badges:
        fg, bg = BADGE_COLOURS[mark.kind]
        word = fit(mark.text, right - left - BADGE, font(BADGE, 700))
        pill = badge(word, fg, bg, BADGE)
        if bx + pill.width > right:
            bx, by = left, by + PILL + 2
            if one_row or by + PILL > top + 2 * PILL + 2:
                return
        out.image.paste(pill, (bx, by), pill)
        box = (bx + BADGE / 2, by + 5, bx + pill.width - BADGE / 2, by + 5 + BADGE)
        out.written.append(Written(word, BADGE, box, "badge"))
        bx += pill.width + 6


def _reveal(
    out: Drawn, d: ImageDraw.ImageDraw, t: Table, r: Reveal, at: tuple[int, int], info: int
) -> None:
    """The hand shown at the round end: its card and what it counted, the Count's +1 shown
    as such ("Priest 2 +1 = 3")."""
    s = scheme(t.edition)
    f = condensed(BADGE, 600)  # the small cards' font: already open and warm
    count = f" {r.base}" + (f" +{r.value - r.base} = {r.value}" if r.value != r.base else "")
    name, room = short_name(t.edition, r.card), info - 8 - 16
    # TRANSLATORS: {count} is what the hand counted, with its leading space: " 7", " 7 +1 = 8".
    text = _("Hand: {card}{count}", card=name, count=count)
    if length(text, f) > room:  # a narrow panel: the card's name matters more than "Hand"
        text = fit(name, room - length(count, f), f) + count
    x, y = at
    w = int(length(text, f)) + 16
    d.rounded_rectangle((x, y, x + w, y + PILL), PILL // 2, fill=s.gold)
    out.text((x + 8, y + PILL / 2), text, f, (30, 30, 30), "hand", "lm")


def _pile(out: Drawn, d: ImageDraw.ImageDraw, t: Table, seat: Seat, span: tuple[int, int]) -> None:
    """The discard pile in the order played, spread or overlapping to fit, oldest first;
    when even overlapping leaves no room for every value, the oldest give way to "+N"."""
    left, right = span
    top, mid = (ROW - SMALL[1]) // 2, ROW // 2
    ink = scheme(t.edition).table_ink
    n = len(seat.discards)
    if not n:
        words = _("no discards")
        out.text((left, mid), words, font(LABEL), _faint(t.edition), "caption", "lm")
        return
    first, x = 0, left
    if n > 1 and (right - left - SMALL[0]) // (n - 1) < VALUE_STRIP:
        chip = 44
        first = n - 1 - (right - left - chip - SMALL[0]) // VALUE_STRIP
        out.text((left, mid), f"+{first}", font(18, 800), ink, "more", "lm")
        x = left + chip
    shown = n - first
    step = min(CARD_STEP, (right - x - SMALL[0]) // max(1, shown - 1))
    if seat.out:  # greyed: the veil goes over the whole pile once it is laid
        v = veil((step * (shown - 1) + SMALL[0], SMALL[1]), panel_colour(t.edition, True), 110)
    for i, card_id in enumerate(seat.discards[first:]):
        cx = x + i * step
        if first + i == seat.last:  # a ring over the cards below it, under the ones above
            out.last = (cx, top, cx + SMALL[0], top + SMALL[1])
            d.rounded_rectangle(
                (cx - 5, top - 5, cx + SMALL[0] + 4, top + SMALL[1] + 4), 13, fill=LAST_MOVE
            )
        _card(out, t, card_id, (cx, top), step if i < shown - 1 else SMALL[0])
    if seat.out:
        out.image.paste(v, (x, top), v)
