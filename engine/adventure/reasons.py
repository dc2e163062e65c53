"""Why a decision is refused, in one sentence a player can read.

Only called once a decision is known to be illegal; it looks for the most telling reason
("Bree is 4 roads away; you rolled 3", "You already hold a blue talisman", "You need 5 GP")
and falls back to naming what is awaited.
"""

from __future__ import annotations

from engine.adventure import board as B
from engine.adventure.cards import (
    CHASE_AWAY,
    EQUIPMENT,
    GOODS_PEOPLE,
    HEALS,
    HELD,
    JEWELLERY,
    POTIONS,
    SCROLL,
    SWIFT,
)
from engine.adventure.decisions import Decision
from engine.adventure.legal import TALISMAN_PRICE, free_allowed, nearest, pending_options
from engine.adventure.said import _, named, place_phrase
from engine.adventure.state import MAX_LP, State

WHAT = {
    "roll": _("roll the movement die"),
    "travel": _("travel or rest"),
    "riddle": _("riddle a hobbit here or take the place's action"),
    "haven": _("choose the Haven's offer or done"),
    "village": _("choose a Village step or done"),
    "offer": _("accept or refuse the price"),
    "buy": _("choose what to buy"),
    "fight": _("fight or avoid the creature"),
    "prepare": _("prepare potions and one-use cards"),
    "reroll": _("reroll dice or stop"),
    "prize": _("take the gold or a talisman"),
    "spoils": _("take something from the hobbit who could not answer"),
    "challenge": _("choose the riddle to show"),
    "answer": _("answer the riddle"),
    "counter": _("challenge back or end the duel"),
    "fire": _("stay or flee the fire"),
    "rope": _("keep your Rope or use it"),
    "lost": _("choose where you are lost to"),
    "lose_talisman": _("choose the talisman to lose"),
    "special": _("move or decline"),
    "smith": _("choose a weapon for the smith or decline"),
}


GOODS = {"common": _("common"), "hobbit": _("hobbit"), "men": _("men's"), "dwarven": _("dwarven")}
"""The kinds of goods a Village sells, as a refusal names them."""


def _place(pid: str) -> str:
    return named(B.PLACES[pid].name) if pid in B.PLACES else repr(pid)


def _placed(preposition: str, pid: str) -> str:
    """`at Bree`: a place after a preposition, translated whole (German: "in Bree")."""
    return place_phrase(preposition, B.PLACES[pid].name) if pid in B.PLACES else repr(pid)


def _listed(names: list[str], joined: str) -> str:
    """`bob and cat`, `bob or cat` (three or more: `a, b and c`)."""
    if len(names) < 2:
        return "".join(names)
    first, last = ", ".join(names[:-1]), names[-1]
    if joined == "and":
        return _("{first} and {last}", first=first, last=last)
    return _("{first} or {last}", first=first, last=last)


def _card(cid: str | None) -> str:
    return named(HELD[cid].name) if cid in HELD else repr(cid)


def _travel(s: State, pid: str, to: str | None) -> str | None:
    if to not in B.PLACES:
        return _("There is no place called {place}.", place=repr(to))
    assert s.turn is not None
    start = s.turn.start
    if to == start:
        return _(
            "You began your turn {at_place}; travel ends somewhere else.",
            at_place=_placed("at", to),
        )
    if s.turn.roll == "eagle":
        return _(
            "The eagle flies only to an Adventure place; {place} is not one.", place=_place(to)
        )
    steps = int(s.turn.roll or 0) + (1 if "horse" in s.hobbits[pid].cards else 0)
    far = B.distance(start, to)
    values = {"place": _place(to), "far": far, "roll": s.turn.roll, "steps": steps}
    if "horse" in s.hobbits[pid].cards:
        return _(
            "{place} is {far} roads away; you rolled {roll} with your Horse ({steps} at most).",
            **values,
        )
    return _("{place} is {far} roads away; you rolled {roll} ({steps} at most).", **values)


def _free(s: State, pid: str, d: Decision) -> str:
    if not free_allowed(s, pid):
        if s.over:
            return _("The game is over.")
        return _("You cannot use a card in the middle of your own fight.")
    h = s.hobbits[pid]
    if d.card not in h.cards:
        return _("You do not hold {card}.", card=repr(d.card))
    if d.card in HEALS:
        return _("You already have 12 LP.") if h.lp >= MAX_LP else _("You cannot use that now.")
    if d.card == SCROLL:
        if d.target not in s.others_at(pid):
            return _("The Scroll of Minds takes only from another hobbit on your place.")
        t = s.hobbits[d.target]
        if d.what == "talisman":
            if d.colour in h.talismans:
                return _("You already hold a {colour} talisman.", colour=named(str(d.colour)))
            return _("{who} holds no {colour} talisman.", who=d.target, colour=named(str(d.colour)))
        if d.what == "equipment":
            return _("{who} holds no {item} Equipment card.", who=d.target, item=repr(d.item))
        if d.what == "gold" and t.gp < 2:
            return _("{who} has too little gold to take half of it.", who=d.target)
        return _("Take gold, a talisman (with its colour) or an Equipment card (with `item`).")
    return _("{card} is not used that way.", card=_card(d.card))


def _village(s: State, pid: str, d: Decision) -> str | None:
    v, h = s.visit, s.hobbits[pid]
    if v is None:
        return None
    if d.action == "draw_riddle":
        if v.riddle_drawn:
            return _("You already drew a Riddle card at this visit.")
        return _("You already hold 4 Riddle cards.")
    if d.action == "sell":
        if JEWELLERY not in h.cards:
            return _("You hold no Jewellery to sell.")
        return _("You have offered every Jewellery you hold at this visit.")
    if d.action == "browse":
        return _("You already looked at the equipment at this visit.")
    return None


def _buy(s: State, pid: str, d: Decision) -> str:
    p, h = s.pending, s.hobbits[pid]
    assert p is not None
    turned = list(p.ctx["cards"])
    for cid in d.cards or ():
        if cid not in turned:
            return _("{card} is not among the cards turned over.", card=repr(cid))
        turned.remove(cid)
        goods = HELD[cid].goods or "common"
        people = B.PLACES[h.place].people
        if p.ctx["source"] == "browse" and GOODS_PEOPLE[goods] not in (None, people):
            return _(
                "{place} does not sell {card} ({goods} goods).",
                place=_place(h.place),
                card=_card(cid),
                goods=GOODS.get(goods, goods),
            )
    price = sum(HELD[c].value for c in d.cards or ())
    return _("You need {price} GP; you have {gp}.", price=price, gp=h.gp)


def _specific(s: State, pid: str, d: Decision) -> str | None:
    """Reasons that name the rule broken, for the pending kind's own actions."""
    p, h = s.pending, s.hobbits[pid]
    assert p is not None
    if p.kind == "village":
        return _village(s, pid, d)
    if p.kind == "buy" and d.action == "buy":
        return _buy(s, pid, d)
    if p.kind == "prepare" and d.action == "prepare":
        cards = list(d.cards or ())
        if sum(c in POTIONS for c in cards) > 1:
            return _("Only one potion counts in a fight.")
        missing = [c for c in cards if cards.count(c) > h.cards.count(c)]
        if missing:
            return _("You do not hold {card}.", card=repr(missing[0]))
        f = s.fight
        if f is not None and f.dragon and SCROLL in cards:
            return _("The Scroll of Minds does not count against the Dragon.")
        return _("Only potions and one-use cards that count in this fight can be prepared.")
    if p.kind == "fight" and d.action == "avoid" and d.card in CHASE_AWAY:
        f = s.fight
        assert f is not None
        near = nearest(s, pid, f.drawn_at)
        if d.card not in h.cards:
            return _("You do not hold {card}.", card=repr(d.card))
        if not near:
            return _("No other hobbit is in the game to chase the creature to.")
        if d.target is None:
            return _(
                "{hobbits} are equally near: name the hobbit to send it to.",
                hobbits=_listed(near, "and"),
            )
        return _("The creature goes to the nearest hobbit: {hobbits}.", hobbits=_listed(near, "or"))
    equipment = d.what == "equipment" and d.card in HELD
    if (
        p.kind == "spoils"
        and d.action == "take"
        and equipment
        and HELD[str(d.card)].deck != EQUIPMENT
    ):
        return _("{card} is not an Equipment card and cannot be taken.", card=_card(d.card))
    if p.kind == "special" and d.action == "move_to" and d.to in B.PLACES:
        cid = str(p.ctx.get("card"))
        if cid == "friendly_eagle":
            return _(
                "The Friendly eagle flies only to another Haven; {place} is not one.",
                place=_place(d.to),
            )
        far = B.distance(h.place, d.to)
        return _(
            "{place} is {far} roads away; the Hidden path reaches 4.", place=_place(d.to), far=far
        )
    return None


def why(s: State, pid: str, d: Decision) -> str:
    """The reason `d` is not legal for `pid` now."""
    if s.over:
        return _("The game is over.")
    if pid not in s.hobbits:
        return _("{who} is not a hobbit of this game.", who=pid)
    if s.hobbits[pid].out:
        return _("You are out of the game.")
    if d.action == "use":
        return _free(s, pid, d)
    p = s.pending
    assert p is not None
    if p.player != pid:
        return _("It is {who}'s decision now ({what}).", who=p.player, what=WHAT[p.kind])
    h = s.hobbits[pid]
    if d.action == "buy_talisman" and p.kind == "haven":
        if d.colour in h.talismans:
            return _("You already hold a {colour} talisman.", colour=named(str(d.colour)))
        if d.colour not in s.board.get(h.place, ()):
            return _(
                "No {colour} talisman lies {at_place}.",
                colour=named(str(d.colour)),
                at_place=_placed("at", h.place),
            )
        if h.gp < TALISMAN_PRICE:
            return _("You need {price} GP; you have {gp}.", price=TALISMAN_PRICE, gp=h.gp)
    specific = _specific(s, pid, d)
    if specific:
        return specific
    actions = {o.action for o in pending_options(s)}
    if d.action not in actions:
        return _("Now you {what}.", what=WHAT[p.kind])
    if d.action == "travel":
        return _travel(s, pid, d.to) or _("You cannot travel there.")
    if d.action == "move_to" and p.kind == "travel":
        return _(
            "Swift as the wind reaches places within 5 roads; {place} is not.",
            place=_place(str(d.to)),
        )
    if d.action == "buy":
        return _("You cannot buy that set: check what this Village sells and what you can pay.")
    if d.action == "take" and d.what == "talisman" and d.colour in h.talismans:
        return _("You already hold a {colour} talisman.", colour=named(str(d.colour)))
    if d.action in ("challenge", "answer", "prepare", "sell", "smith") and d.card is not None:
        if d.card not in h.cards:
            return _("You do not hold {card}.", card=repr(d.card))
        if d.action == "answer":
            return _("That Riddle card does not carry the right answer.")
    if d.action == "answer" and d.card is None:
        return _("You hold a Riddle card with the answer, so you must answer.")
    if d.action == "riddle":
        return _("{who} is not a hobbit on your place.", who=d.target)
    if d.action == "move_to":
        return _("You cannot move {to_place} with this card.", to_place=_placed("to", str(d.to)))
    if d.action == "avoid":
        return _("You cannot avoid this fight that way (check the card and the nearest hobbit).")
    if d.action == "move_to" and d.card == SWIFT:
        return _("Swift as the wind reaches places within 5 roads.")
    return _("That is not one of your choices now; you {what}.", what=WHAT[p.kind])
