"""The table's board picture: its description for screen readers and its file (what it
draws: bot/games/adventure/pictures/from_table.py).

It reads only `AdvTable` (the spectator view, ADV-12), so no secret card can reach the picture.
"""

from __future__ import annotations

from functools import partial

from bot.games.adventure.models import AdvTable
from bot.games.adventure.pictures.board import FILENAME
from bot.games.adventure.pictures.from_table import board_png
from bot.games.adventure.text import happenings
from bot.games.adventure.text.names import place
from bot.games.adventure.text.places import place_at
from bot.i18n import _
from bot.platform.presentation import Picture


def alt_text(t: AdvTable) -> str:
    """The picture's description for screen readers: places as players read them."""
    v = t.view
    parts = []
    for s in t.seats:
        h = v.hobbits[s.player_id]
        at_place = place_at(h.place)
        if h.out:
            parts.append(_("{who} (out) {at_place}", who=s.name, at_place=at_place))
        else:
            parts.append(_("{who} {at_place}", who=s.name, at_place=at_place))
    said = [_("The board of Middle-earth: {hobbits}", hobbits=", ".join(parts))]
    if t.move:
        said.append(happenings.move_line(t.move, t.names))
    now = happenings.banner(v, t.names, t.move)
    if now and now not in said:
        said.append(now)
    line = ". ".join(said)
    if t.reach:
        reach = ", ".join(place(p) for p in t.reach)
        line += ". " + _("Can travel to: {places}", places=reach)
    return line


def board_picture(t: AdvTable) -> Picture:
    """The board as the table's picture (drawn when the message goes out, if pictures are on)."""
    return Picture(FILENAME, partial(board_png, t), alt_text(t))
