"""The Adventure's decisions as lines, for those whose doing shows nothing at once, and the
event kinds that are told by the line of something else (QUIET).

A decision is told by what it does: "Ann moved from Bree to Weathertop", "Ann: -2 LP". Some
do nothing a reader sees then (nothing bought, a price refused, a Rope kept, the place's
action chosen over a riddle while that action is still to be chosen, a riddle duel begun):
without their own line the table would not see them taken.
"""

from __future__ import annotations

from bot.games.adventure.text.names import named
from bot.i18n import N_, _
from engine.adventure import events as E

QUIET = frozenset({"decided", "returned"})
"""Event kinds told by the line of something else, so most of them have none of their own: a
decision by what it does (those in DECIDED have their own); a card going back by the line
that drew or played it (one going back for a reason a player would not see has a `why` and
its line, event_lines.returned_line). Every other event has a line for every reader who may see it;
tests/bot/games/test_every_event_told.py holds both games to it."""

DECIDED = {
    ("buy", "buy"): (N_("You buy nothing."), N_("{p} buys nothing.")),
    ("offer", "refuse"): (
        N_("You refuse the price and keep the {jewellery}."),
        N_("{p} refuses the price and keeps the {jewellery}."),
    ),
    ("riddle", "place"): (
        N_("You do not riddle and take the place's action."),
        N_("{p} does not riddle and takes the place's action."),
    ),
    ("rope", "choose"): (N_("You do not use your {rope}."), N_("{p} does not use the {rope}.")),
}
"""(awaited decision, action) -> the reader's own sentence and another hobbit's."""


def decided_line(e: E.Decided, p: str, mine: bool, me: str) -> str | None:
    """A `decided` event's line when nothing else tells it, else None. `p` is how the
    decider is named to the reader `me` ("You" for `mine`)."""
    d, kind = e.decision, e.kind
    action = str(d.get("action"))
    if (kind, action) == ("riddle", "riddle") and d.get("target"):
        if d["target"] == me:
            return _("{p} challenges you to a riddle duel.", p=p)
        if mine:
            return _("You challenge {whom} to a riddle duel.", whom=d["target"])
        return _("{p} challenges {whom} to a riddle duel.", p=p, whom=d["target"])
    told_otherwise = (action == "buy" and d.get("cards")) or (
        kind == "rope" and d.get("option") != "keep"  # a Rope used: event_lines.returned_line
    )
    if (kind, action) not in DECIDED or told_otherwise:
        return None
    you, other = DECIDED[kind, action]
    return _(you, **named()) if mine else _(other, p=p, **named())
