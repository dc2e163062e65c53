"""Adventure events and decisions as the lines a Discord reader sees, with display names.

The terminal text (`labels.py`, `events.py`) names hobbits by their player ids; here every id
in an event is first turned into its display name, the reader's own into "You", so the same
wording serves
the table (the public, no "You") and each player's pack and DMs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.games.adventure.text import events, labels, words
from bot.games.adventure.text.event_lines import say
from bot.games.adventure.text.names import card_gender, card_name, place, talisman
from bot.games.adventure.text.records import record
from bot.i18n import N_, _, g_, n_, p_
from bot.platform.taken_back import TakenBack
from engine.adventure import board as B
from engine.adventure import events as E
from engine.adventure.decisions import Decision
from engine.adventure.riddles import BY_ID
from engine.adventure.view import AdventureView, FightView, typed

PLAYER_FIELDS = ("player", "first", "chased_to", "winner")
"""Event fields that hold a player id (`frm` too, but only in a `taken` event)."""
NOBODY = "\x00"  # the public reader: nobody's name is "You"


def _named(e: E.AdvEvent, names: Mapping[str, str]) -> E.AdvEvent:
    """`e` with every player id in it turned into that player's display name."""
    changes: dict[str, Any] = {}
    for key in PLAYER_FIELDS:
        value = getattr(e, key, None)
        if isinstance(value, str):
            changes[key] = names.get(value, value)
    match e:
        case E.Taken(frm=str(frm)):
            changes["frm"] = names.get(frm, frm)
        case E.Decided(decision={"target": str(target)}):
            changes["decision"] = {**e.decision, "target": names.get(target, target)}
        case E.GameStarted(players=players):
            changes["players"] = tuple(names.get(p, p) for p in players)
    return replace(e, **changes) if changes else e


def event_line(
    e: E.AdvEvent | Mapping[str, Any], names: Mapping[str, str], viewer: str | None
) -> str | None:
    """One event (already visible to `viewer`; None: the public) as a line, or None; a record
    read back as JSON is made a typed one first (`records.record`)."""
    me = names.get(viewer, viewer) if viewer is not None else NOBODY
    if isinstance(e, Mapping) and e.get("type") == TakenBack.type:  # the bounded undo
        taker = str(e.get("player"))
        return say(
            taker == viewer,
            N_("You take back your last decision."),
            N_("{p} takes back their last decision."),
            p=names.get(taker, taker),
        )
    typed = record(e)
    if typed is None:  # a kind without its line: its player by name all the same
        assert isinstance(e, Mapping)
        player = e.get("player")
        named = {**e, "player": names.get(player, player)} if isinstance(player, str) else e
        return events.event_line(named, me or NOBODY)
    return events.event_line(_named(typed, names), me or NOBODY)


def name(names: Mapping[str, str], pid: str | None, viewer: str | None = None) -> str:
    if pid is None:
        return _("nobody")
    if pid == viewer:
        return p_("whom", "you")
    return names.get(pid, pid)


def place_kind(pid: str, frm: str | None = None) -> str:
    """`Village of Men · 2 roads`: a place's kind (and distance), as a travel option reads."""
    p = B.PLACES[pid]
    kind = f"{p.symbol} {words.kind(p.kind, p.people)}"
    if frm is None:
        return kind
    d = B.distance(frm, pid)
    return f"{kind} · {n_('{n} road', '{n} roads', d)}"


def place_label(pid: str, frm: str | None = None) -> str:
    """`Bree (⬟ Village of Men · 2 roads)`."""
    return f"{place(pid)} ({place_kind(pid, frm)})"


def option_label(
    d: Decision, view: AdventureView | Mapping[str, Any], names: Mapping[str, str]
) -> str:
    """A decision as the pack and the live table offer it: a Jewellery's price named on its
    sell and keep choices, a Potion drunk to heal said so; else `decision_label`."""
    pending = typed(view).pending
    price = pending.ctx.get("price") if pending else None
    if d.action == "accept" and price is not None:
        return _("Sell it for {price} GP", price=price)
    if d.action == "refuse" and price is not None:
        return _("Keep it (refuse the price)")
    if d.action == "use" and d.target is None:
        return _("Heal: {label}", label=decision_label(d, view, names))
    return decision_label(d, view, names)


def decision_label(
    d: Decision, view: AdventureView | Mapping[str, Any], names: Mapping[str, str]
) -> str:
    """A button or option label for one legal decision of the view's reader (≤ 80 chars)."""
    v = typed(view)
    me = v.me
    here = v.hobbits[me].place if me is not None and me in v.hobbits else None
    a = d.action
    if a in ("travel", "move_to") and d.to is not None:
        start = (v.turn.start if v.turn else here) if a == "travel" else here
        return place_label(d.to, start)[:80]
    if a == "move_to":
        return _("Stay where you are")
    if a == "riddle":
        return _("Riddle {who}", who=name(names, d.target))[:80]
    if a == "avoid":
        card = card_name(d.card)
        if d.target:
            fight = v.fight or FightView()
            of = card_gender(fight.card, fight.deck or None)
            said = g_(
                of, "Avoid with {card} → send it to {who}", card=card, who=name(names, d.target)
            )
            return said[:80]
        return _("Avoid with {card}", card=card)[:80]
    if a in ("challenge", "answer") and d.card:
        r = _(BY_ID[d.card].text)
        return (
            _("Ask: {riddle}", riddle=r) if a == "challenge" else _("Answer: {riddle}", riddle=r)
        )[:80]
    if a == "answer":
        return _("I cannot answer")
    if a == "take":
        if d.what == "gold":
            return _("Take the gold")
        if d.colour:
            return _("Take {talisman}", talisman=talisman(d.colour))
        return g_(card_gender(d.card), "Take {card}", card=card_name(d.card))[:80]
    if a == "use":
        card = card_name(d.card)
        if d.target is None:
            return _("Use {card}", card=card)
        who = name(names, d.target)
        if d.item:  # a card: German gives it its article ("Nimm Ann das Schwert ab")
            item = card_name(d.item)
            said = g_(
                card_gender(d.item),
                "{card}: take {item} from {who}",
                card=card,
                item=item,
                who=who,
            )
            return said[:80]
        thing = talisman(d.colour) if d.colour else _("half the gold")
        return _("{card}: take {thing} from {who}", card=card, thing=thing, who=who)[:80]
    return labels.decision_label(d, v)[:80]
