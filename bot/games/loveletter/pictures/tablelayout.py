"""Where everything goes on the table picture, laid out for a phone.

Discord shows the picture about 400 px wide on a phone, and no taller than about 300 px, so
it is landscape and every text on it is at least `MIN_TEXT` px tall at its native width `W`
(8 px at 400; `ink.Written` keeps each text's size and box for the tests). A header (edition,
round, goal, draw pile, face-up or set-aside cards), a line telling the last move, then one
panel per seat: one column at two players (whose piles grow longest), two from three on (a
4-player table in one column would be nearly square and show only about 330 px wide).
A panel holds the name, tally, marks and, at the round end, the hand shown; its discard
pile lies beside them in order, overlapping when long but always showing each card's value.
Card images come from caches, and each seat's panel is drawn only when what it shows
changed (bot/games/loveletter/pictures/seats.py): this mostly pastes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image

from bot.games.loveletter.pictures.draw import png
from bot.games.loveletter.pictures.ink import Drawn, Written
from bot.games.loveletter.pictures.seats import ROW, place_seat
from bot.games.loveletter.pictures.tablehead import HEAD, header
from bot.games.loveletter.pictures.theme import scheme

if TYPE_CHECKING:
    from bot.games.loveletter.pictures.table import Table

__all__ = ["MIN_TEXT", "W", "Drawn", "Written", "draw_table", "lay_out"]

W = 800  # picture width: a phone shows it at half size
MIN_TEXT = 8 * W / 400  # the least text size (px) on the picture: 8 px at 400 px wide
M = 16  # outer margin
BOTTOM = 12  # the margin under the last row: 8 players in 800 x 600 (4:3)
TOP = M + HEAD + 8  # where the seat panels start, under the header band
GAP = 6  # between panels
INFO = {1: 240, 2: 136}  # the name column of a panel, by the number of columns
TWO_COLUMNS = 3  # from this many seats on, two columns of panels


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
    header(out, t, s, W, M)
    width = (W - 2 * M - (cols - 1) * GAP) // cols
    for i, seat in enumerate(t.seats):
        col, row = divmod(i, rows)
        box = (M + col * (width + GAP), TOP + row * (ROW + GAP))
        place_seat(out, t, seat, box, width, INFO[cols])
    return out
