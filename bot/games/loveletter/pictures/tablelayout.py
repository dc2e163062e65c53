"""Where everything goes on the table picture: a header (edition, round, draw pile, face-up
or set-aside cards) and one panel per seat (name, tally, marks, discard pile in order, the
revealed hand at round end). Card images and panels come from caches; this only pastes
them and writes the few words that change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.loveletter.pictures.draw import badge, fit, png
from bot.games.loveletter.pictures.faces import SMALL, back, small
from bot.games.loveletter.pictures.fonts import font, serif
from bot.games.loveletter.pictures.parts import TALLY, panel, panel_colour, tally, veil
from bot.games.loveletter.pictures.theme import (
    FORCED_GOLD,
    JESTER_PURPLE,
    MUTED,
    OUT_RED,
    RGB,
    SHIELD_BLUE,
    Scheme,
    scheme,
)
from bot.ui.paste import paste

if TYPE_CHECKING:
    from bot.games.loveletter.pictures.table import Seat, Table

W = 820  # picture width: reads on a phone at half size
M = 16  # outer margin
HEAD = 150  # header height
ROW = 126  # one seat's panel
ROW_GAP = 8
LEFT = 250  # the name column of a seat's panel
REVEAL = 150  # the revealed-hand column at round end
CARD_STEP = SMALL[0] + 6  # discard piles spread like this while they fit

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


def draw_table(t: Table) -> bytes:
    s = scheme(t.edition)
    height = HEAD + len(t.seats) * (ROW + ROW_GAP) + M - ROW_GAP
    img = Image.new("RGB", (W, height), s.table)
    d = ImageDraw.Draw(img)
    _header(img, d, t, s)
    reveal = any(seat.reveal for seat in t.seats)
    for i, seat in enumerate(t.seats):
        _seat(img, d, t, seat, HEAD + i * (ROW + ROW_GAP), reveal)
    return png(img)


def _header(img: Image.Image, d: ImageDraw.ImageDraw, t: Table, s: Scheme) -> None:
    brand = font(15, 800)
    d.text((M, M + 2), "LOVE LETTER", fill=s.gold, font=brand, anchor="lt")
    x = M + brand.getlength("LOVE LETTER ")
    title = fit(f"· {s.short}", 330, font(15, 500))
    d.text((x, M + 2), title, fill=s.table_ink, font=font(15, 500), anchor="lt")
    d.text((M, M + 28), t.heading, fill=s.table_ink, font=serif(34, 700), anchor="lt")
    sub = fit(t.subheading, 360, font(17, 500))
    d.text((M, M + 80), sub, fill=s.table_ink, font=font(17, 500), anchor="lt")
    x = W - M
    cards: list[tuple[str, list[Image.Image]]] = []
    if t.set_aside:
        cards.append(("Set aside", [small(t.edition, t.set_aside, t.options)]))
    if t.face_up:
        cards.append(("Face up", [small(t.edition, c, t.options) for c in t.face_up]))
    for label, images in cards:
        x -= len(images) * CARD_STEP - 6
        _labelled(img, d, label, images, x, s)
        x -= 24
    if t.draw_pile is not None:
        x -= SMALL[0] + 58
        _labelled(img, d, "Draw pile", [back(t.edition)], x, s)
        count = str(t.draw_pile)
        d.text(
            (x + SMALL[0] + 10, M + 66), count, fill=s.table_ink, font=serif(34, 700), anchor="lm"
        )
        d.text((x + SMALL[0] + 10, M + 94), "cards", fill=s.table_ink, font=font(14), anchor="lm")


def _labelled(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    label: str,
    images: list[Image.Image],
    x: int,
    s: Scheme,
) -> None:
    """Small cards in a row from x with a caption over them."""
    d.text((x, M), label.upper(), fill=s.table_ink, font=font(12, 700), anchor="lt")
    for i, im in enumerate(images):
        img.paste(im, (x + i * CARD_STEP, M + 20), im)


def _seat(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    t: Table,
    seat: Seat,
    y: int,
    reveal: bool,
) -> None:
    edition_id, target = t.edition, t.target
    s = scheme(edition_id)
    ring = s.gold if seat.turn or "WON" in seat.badges else None
    paste(img, panel(edition_id, (W - 2 * M, ROW), seat.out, ring), (M, y))
    ink = MUTED if seat.out else s.table_ink
    x0 = M + 16
    d.text((x0, y + 14), fit(seat.name, LEFT - 24, font(24, 700)), fill=ink, font=font(24, 700))
    for k in range(max(target, seat.tokens)):
        icon = tally(edition_id, k < seat.tokens)
        img.paste(icon, (x0 + k * (TALLY + 5), y + 50), icon)
    bx = x0
    for word in seat.badges:
        fg, bg = BADGE_COLOURS[word]
        pill = badge(word, fg, bg, 15)
        if bx + pill.width > M + LEFT:
            break  # no room: the text message still says it
        img.paste(pill, (bx, y + ROW - 16 - pill.height), pill)
        bx += pill.width + 6
    right = W - M - 12 - (REVEAL if reveal else 0)
    _pile(img, d, t, seat, M + LEFT + 8, right, y, ink)
    if seat.reveal:
        _reveal(img, d, t, seat.reveal, W - M - 12 - SMALL[0], y, s)


def _pile(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    t: Table,
    seat: Seat,
    left: int,
    right: int,
    y: int,
    ink: RGB,
) -> None:
    """The discard pile in the order played, spread or overlapping to fit, oldest first."""
    top = y + (ROW - SMALL[1]) // 2
    n = len(seat.discards)
    if not n:
        d.text((left, y + ROW // 2), "no discards", fill=MUTED, font=font(15, 400), anchor="lm")
        return
    step = min(CARD_STEP, (right - left - SMALL[0]) // max(1, n - 1))
    for i, card_id in enumerate(seat.discards):
        im = small(t.edition, card_id, t.options)
        paste(img, im, (left + i * step, top))
    if seat.out:
        width = step * (n - 1) + SMALL[0]
        v = veil((width, SMALL[1]), panel_colour(t.edition, True), 110)
        img.paste(v, (left, top), v)


def _reveal(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    t: Table,
    reveal: tuple[str, int],
    x: int,
    y: int,
    s: Scheme,
) -> None:
    """The hand shown at round end and what it counted."""
    card_id, value = reveal
    top = y + (ROW - SMALL[1]) // 2
    d.rounded_rectangle((x - 4, top - 4, x + SMALL[0] + 3, top + SMALL[1] + 3), 12, fill=s.gold)
    im = small(t.edition, card_id, t.options)
    img.paste(im, (x, top), im)
    d.text((x - 14, y + 40), "HAND", fill=s.table_ink, font=font(12, 700), anchor="rm")
    d.text((x - 14, y + 72), str(value), fill=s.gold, font=serif(34, 800), anchor="rm")
