"""Where everything goes on the table picture, laid out for a phone.

Discord shows the picture about 400 px wide on a phone, and no taller than about 300 px, so
it is landscape and every text on it is at least `MIN_TEXT` px tall at its native width `W`
(8 px at 400; `ink.Written` keeps each text's size and box for the tests). A header (edition,
round, goal, draw pile, face-up or set-aside cards), a line telling the last move, then one
panel per seat: one column at two players (whose piles grow longest), two from three on (a
4-player table in one column would be nearly square and show only about 330 px wide).
A panel holds the name, tally, marks and, at the round end, the hand shown; its discard
pile lies beside them in order, overlapping when long but always showing each card's value.
Card images and panels come from caches: this mostly pastes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.draw import badge, fit, length, png
from bot.games.loveletter.pictures.faces import SMALL, VALUE_STRIP, small, small_texts
from bot.games.loveletter.pictures.fonts import condensed, font
from bot.games.loveletter.pictures.ink import Drawn, Written
from bot.games.loveletter.pictures.parts import TALLY, mix, panel, panel_colour, tally, veil
from bot.games.loveletter.pictures.tablehead import HEAD, LAST_MOVE, header
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
from bot.i18n import _
from bot.ui.paste import paste

if TYPE_CHECKING:
    from bot.games.loveletter.pictures.table import Reveal, Seat, Table

W = 800  # picture width: a phone shows it at half size
MIN_TEXT = 8 * W / 400  # the least text size (px) on the picture: 8 px at 400 px wide
M = 16  # outer margin
BOTTOM = 12  # the margin under the last row: 8 players in 800 x 600 (4:3)
TOP = M + HEAD + 8  # where the seat panels start, under the header band
PAD = 10  # inside a panel
ROW = SMALL[1] + 14  # one seat's panel: a small card and a margin
GAP = 6  # between panels
INFO = {1: 240, 2: 136}  # the name column of a panel, by the number of columns
TWO_COLUMNS = 3  # from this many seats on, two columns of panels
CARD_STEP = SMALL[0] + 6  # discard piles spread like this while they fit
NAME, LABEL, BADGE = 20, 16, 16  # text sizes: player names, captions, marks
TALLY_STEP = TALLY + 5
PILL = BADGE + 10  # a mark's height

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


def _faint(edition_id: str) -> RGB:
    """Words that matter less ("no discards"), still clear against a panel."""
    s = scheme(edition_id)
    return mix(s.table, s.table_ink, 0.7)


def draw_table(t: Table) -> bytes:
    return png(lay_out(t).image)


def columns(seats: int) -> int:
    return 2 if seats >= TWO_COLUMNS else 1


def lay_out(t: Table) -> Drawn:
    """Draw the table and keep where everything went."""
    s = scheme(t.edition)
    cols = columns(len(t.seats))
    rows = -(-len(t.seats) // cols)
    height = TOP + rows * (ROW + GAP) - GAP + BOTTOM
    out = Drawn(Image.new("RGB", (W, height), s.table))
    d = ImageDraw.Draw(out.image)
    header(out, t, s, W, M)
    width = (W - 2 * M - (cols - 1) * GAP) // cols
    for i, seat in enumerate(t.seats):
        col, row = divmod(i, rows)
        box = (M + col * (width + GAP), TOP + row * (ROW + GAP))
        _seat(out, d, t, seat, box, width, INFO[cols])
    return out


def _card(out: Drawn, t: Table, card_id: str, at: tuple[int, int], shows: int) -> None:
    """Paste a small card whose left `shows` pixels stay in sight; keep the texts in sight."""
    im = small(t.edition, card_id, t.options)
    paste(out.image, im, at)
    for w in small_texts(t.edition, card_id, t.options):
        if w.box[2] <= shows:
            out.texts.append(w.moved(*at))


def _seat(
    out: Drawn,
    d: ImageDraw.ImageDraw,
    t: Table,
    seat: Seat,
    at: tuple[int, int],
    width: int,
    info: int,
) -> None:
    s = scheme(t.edition)
    x, y = at
    ring = s.gold if seat.turn or any(m.kind == "WON" for m in seat.badges) else None
    p = panel(t.edition, (width, ROW), seat.out, ring)
    paste(out.image, p, at)
    out.panels.append((x, y, x + width, y + ROW))
    ink = (170, 170, 170) if seat.out else s.table_ink
    x0 = x + PAD
    f = font(NAME, 700)
    out.text((x0, y + 6), fit(seat.name, info - 8, f), f, ink, "player")
    for k in range(max(t.target, seat.tokens)):
        icon = tally(t.edition, k < seat.tokens)
        spot = (x0 + k * TALLY_STEP, y + 36)
        out.image.paste(icon, spot, icon)
        out.texts.append(
            Written("tally", TALLY, (*spot, spot[0] + TALLY, spot[1] + TALLY), "tally")
        )
    _badges(out, seat, x0, y + 62, x0 + info, bool(seat.reveal))
    if seat.reveal:
        _reveal(out, d, t, seat.reveal, (x0, y + 62 + PILL + 2), info)
    _pile(out, d, t, seat, (x0 + info + 8, x + width - PAD), y)


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
        out.texts.append(Written(word, BADGE, box, "badge"))
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


def _pile(
    out: Drawn, d: ImageDraw.ImageDraw, t: Table, seat: Seat, span: tuple[int, int], y: int
) -> None:
    """The discard pile in the order played, spread or overlapping to fit, oldest first;
    when even overlapping leaves no room for every value, the oldest give way to "+N"."""
    left, right = span
    top, mid = y + (ROW - SMALL[1]) // 2, y + ROW // 2
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
