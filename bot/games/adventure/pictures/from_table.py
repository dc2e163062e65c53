"""The board picture drawn from the table (`AdvTable`, the spectator view, ADV-12: no secret
card can reach it): what the drawing worker is sent with every move. No discord import: the
worker loads this module when it warms (`warm_pictures`), not at its first picture."""

from __future__ import annotations

from bot.games.adventure.models import AdvTable
from bot.games.adventure.pictures.board import render
from bot.games.adventure.pictures.facts import BoardFacts, HobbitFacts
from bot.games.adventure.pictures.tokens import Token, token_labels
from bot.games.adventure.text import happenings


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


def board_png(t: AdvTable) -> bytes:
    """The board picture's PNG (module-level, so a drawing worker process can be sent it)."""
    return render(facts(t))
