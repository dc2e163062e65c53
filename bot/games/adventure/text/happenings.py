"""What just happened on the table, for the board picture: the last move, the fight, the
riddle duel and the end, read from public events and the spectator view only (ADV-12)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.games.adventure.text.names import card_name, place
from bot.games.adventure.text.places import place_at
from bot.i18n import _
from engine.api import Event

Move = tuple[str, str, str]
"""A move: who, from where, to where (place ids)."""


def last_move(
    events: Sequence[Event], view: Mapping[str, Any], remembered: Move | None
) -> Move | None:
    """The newest public move among `events`; else the travel of the turn under way (its start
    to where its hobbit stands now, which a restart keeps); else the one `remembered`."""
    for e in reversed(events):
        if e.audience is None and e.type == "moved":
            d = e.to_dict()
            return str(d["player"]), str(d["frm"]), str(d["to_place"])
    turn = view.get("turn") or {}
    who = turn.get("player")
    if who in view["hobbits"] and view["hobbits"][who]["place"] != turn.get("start"):
        return str(who), str(turn["start"]), str(view["hobbits"][who]["place"])
    return remembered


def banner(view: Mapping[str, Any], names: Mapping[str, str], move: Move | None) -> str:
    """One line saying what happens now, as players read it."""
    who = {pid: names.get(pid, pid) for pid in view["hobbits"]}
    if view.get("winner"):
        return _("{who} defeated the Dragon and won the game!", who=who[view["winner"]])
    if view.get("dragon_won"):
        return _("Every hobbit is out: the Dragon wins.")
    if view.get("fight"):
        f = view["fight"]
        creature = card_name(f["card"], f["deck"] or None)
        return _(
            "{who} fights {creature} {at_place}",
            who=who[f["fighter"]],
            creature=creature,
            at_place=place_at(view["hobbits"][f["fighter"]]["place"]),
        )
    if view.get("duel"):
        d = view["duel"]
        a, b = who[d["challenger"]], who[d["challenged"]]
        return _("Riddle duel: {a} challenges {b}", a=a, b=b)
    if move is not None:
        return move_line(move, who)
    turn = view.get("turn") or {}
    if not turn:
        return ""
    return _("{who} to move", who=who.get(turn.get("player"), _("Nobody")))


def move_line(move: Move, names: Mapping[str, str]) -> str:
    mover, frm, to = move
    who = names.get(mover, mover)
    return _("Last move: {who}, {frm} to {to}", who=who, frm=place(frm), to=place(to))


def marks(view: Mapping[str, Any]) -> dict[str, str]:
    """Each hobbit in something now: "fight", "duel" (both hobbits) or "winner"."""
    out: dict[str, str] = {}
    if view.get("fight"):
        out[view["fight"]["fighter"]] = "fight"
    if view.get("duel"):
        out[view["duel"]["challenger"]] = out[view["duel"]["challenged"]] = "duel"
    if view.get("winner"):
        out[view["winner"]] = "winner"
    return out
