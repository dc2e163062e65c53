"""What just happened on the table, for the board picture: the last move, the fight, the
riddle duel and the end, read from public events and the spectator view only (ADV-12)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.adventure.text.names import card_name, place
from bot.games.adventure.text.places import place_at
from bot.i18n import _
from engine.adventure.view import AdventureView, TurnView, typed
from engine.api import Event

Move = tuple[str, str, str]
"""A move: who, from where, to where (place ids)."""


def last_move(
    events: Sequence[Event], view: AdventureView | Mapping[str, Any], remembered: Move | None
) -> Move | None:
    """The newest public move among `events`; else the travel of the turn under way (its start
    to where its hobbit stands now, which a restart keeps); else the one `remembered`."""
    for e in reversed(events):
        if e.audience is None and e.type == "moved":
            d = e.to_dict()
            return str(d["player"]), str(d["frm"]), str(d["to_place"])
    v = typed(view)
    turn = v.turn or TurnView()
    who = turn.player
    if who in v.hobbits and v.hobbits[who].place != turn.start:
        return str(who), str(turn.start), str(v.hobbits[who].place)
    return remembered


def banner(
    view: AdventureView | Mapping[str, Any], names: Mapping[str, str], move: Move | None
) -> str:
    """One line saying what happens now, as players read it."""
    v = typed(view)
    who = {pid: names.get(pid, pid) for pid in v.hobbits}
    if v.winner:
        return _("{who} defeated the Dragon and won the game!", who=who[v.winner])
    if v.dragon_won:
        return _("Every hobbit is out: the Dragon wins.")
    if v.fight:
        f = v.fight
        creature = card_name(f.card, f.deck or None)
        fighter = str(f.fighter)
        return _(
            "{who} fights {creature} {at_place}",
            who=who[fighter],
            creature=creature,
            at_place=place_at(v.hobbits[fighter].place),
        )
    if v.duel:
        d = v.duel
        a, b = who[str(d.challenger)], who[str(d.challenged)]
        return _("Riddle duel: {a} challenges {b}", a=a, b=b)
    if move is not None:
        return move_line(move, who)
    if v.turn is None:
        return ""
    return _("{who} to move", who=who.get(str(v.turn.player), _("Nobody")))


def move_line(move: Move, names: Mapping[str, str]) -> str:
    mover, frm, to = move
    who = names.get(mover, mover)
    return _("Last move: {who}, {frm} to {to}", who=who, frm=place(frm), to=place(to))


def marks(view: AdventureView) -> dict[str, str]:
    """Each hobbit in something now: "fight", "duel" (both hobbits) or "winner"."""
    out: dict[str, str] = {}
    if view.fight:
        out[str(view.fight.fighter)] = "fight"
    if view.duel:
        out[str(view.duel.challenger)] = out[str(view.duel.challenged)] = "duel"
    if view.winner:
        out[view.winner] = "winner"
    return out
