"""The table's board picture: its public facts, its description for screen readers and its file.

It reads only `AdvTable` (the spectator view, ADV-12), so no secret card can reach the picture.
"""

from __future__ import annotations

from functools import partial

from bot.games.adventure.models import AdvTable
from bot.games.adventure.pictures.board import FILENAME, render
from bot.games.adventure.pictures.facts import BoardFacts, HobbitFacts
from bot.games.adventure.pictures.tokens import Token, token_labels
from bot.games.adventure.text import happenings
from bot.games.adventure.text.names import place
from bot.games.adventure.text.places import place_at
from bot.i18n import _
from bot.platform.presentation import Picture


def facts(t: AdvTable) -> BoardFacts:
    """The picture's public facts from the table."""
    v = t.view
    active = v.turn.player if v.turn else None
    marks = happenings.marks(v)
    labels = token_labels([s.name for s in t.seats])
    hobbits, mover = [], None
    for s, label in zip(t.seats, labels, strict=True):
        h = v.hobbits[s.player_id]
        token = Token(label, s.colour, h.place, s.player_id == active and not t.over, h.out)
        if t.move and t.move[0] == s.player_id:
            mover = token
        hobbits.append(
            HobbitFacts(token, s.name, h.lp, h.gp, tuple(h.talismans), marks.get(s.player_id))
        )
    return BoardFacts(
        hobbits=tuple(hobbits),
        talismans={p: list(cs) for p, cs in v.board.items()},
        reach=t.reach,
        move=t.move[1:] if t.move else None,
        mover=mover,
        banner=happenings.banner(v, t.names, t.move),
    )


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


def board_png(t: AdvTable) -> bytes:
    """The board picture's PNG (module-level, so a drawing worker process can be sent it)."""
    return render(facts(t))


def board_picture(t: AdvTable) -> Picture:
    """The board as the table's picture (drawn when the message goes out, if pictures are on)."""
    return Picture(FILENAME, partial(board_png, t), alt_text(t))
