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
from engine.adventure.state import MAX_LP, State

WHAT = {
    "roll": "roll the movement die",
    "travel": "travel or rest",
    "riddle": "riddle a hobbit here or take the place's action",
    "haven": "choose the Haven's offer or done",
    "village": "choose a Village step or done",
    "offer": "accept or refuse the price",
    "buy": "choose what to buy",
    "fight": "fight or avoid the creature",
    "prepare": "prepare potions and one-use cards",
    "reroll": "reroll dice or stop",
    "prize": "take the gold or a talisman",
    "spoils": "take something from the hobbit who could not answer",
    "challenge": "choose the riddle to show",
    "answer": "answer the riddle",
    "counter": "challenge back or end the duel",
    "fire": "stay or flee the fire",
    "rope": "keep your Rope or use it",
    "lost": "choose where you are lost to",
    "lose_talisman": "choose the talisman to lose",
    "special": "move or decline",
    "smith": "choose a weapon for the smith or decline",
}


def _place(pid: str) -> str:
    return B.PLACES[pid].name if pid in B.PLACES else repr(pid)


def _travel(s: State, pid: str, to: str | None) -> str | None:
    if to not in B.PLACES:
        return f"There is no place called {to!r}."
    assert s.turn is not None
    start = s.turn.start
    if to == start:
        return f"You began your turn at {_place(to)}; travel ends somewhere else."
    if s.turn.roll == "eagle":
        return f"The eagle flies only to an Adventure place; {_place(to)} is not one."
    steps = int(s.turn.roll or 0) + (1 if "horse" in s.hobbits[pid].cards else 0)
    far = B.distance(start, to)
    horse = " with your Horse" if "horse" in s.hobbits[pid].cards else ""
    return f"{_place(to)} is {far} roads away; you rolled {s.turn.roll}{horse} ({steps} at most)."


def _free(s: State, pid: str, d: Decision) -> str:
    if not free_allowed(s, pid):
        if s.over:
            return "The game is over."
        return "You cannot use a card in the middle of your own fight."
    h = s.hobbits[pid]
    if d.card not in h.cards:
        return f"You do not hold {d.card!r}."
    if d.card in HEALS:
        return "You already have 12 LP." if h.lp >= MAX_LP else "You cannot use that now."
    if d.card == SCROLL:
        if d.target not in s.others_at(pid):
            return "The Scroll of Minds takes only from another hobbit on your place."
        t = s.hobbits[d.target]
        if d.what == "talisman":
            if d.colour in h.talismans:
                return f"You already hold a {d.colour} talisman."
            return f"{d.target} holds no {d.colour} talisman."
        if d.what == "equipment":
            return f"{d.target} holds no {d.item!r} Equipment card."
        if d.what == "gold" and t.gp < 2:
            return f"{d.target} has too little gold to take half of it."
        return "Take gold, a talisman (with its colour) or an Equipment card (with `item`)."
    return f"{HELD[d.card].name if d.card in HELD else d.card!r} is not used that way."


def _village(s: State, pid: str, d: Decision) -> str | None:
    v, h = s.visit, s.hobbits[pid]
    if v is None:
        return None
    if d.action == "draw_riddle":
        if v.riddle_drawn:
            return "You already drew a Riddle card at this visit."
        return "You already hold 4 Riddle cards."
    if d.action == "sell":
        if JEWELLERY not in h.cards:
            return "You hold no Jewellery to sell."
        return "You have offered every Jewellery you hold at this visit."
    if d.action == "browse":
        return "You already looked at the equipment at this visit."
    return None


def _buy(s: State, pid: str, d: Decision) -> str:
    p, h = s.pending, s.hobbits[pid]
    assert p is not None
    turned = list(p.ctx["cards"])
    for cid in d.cards or ():
        if cid not in turned:
            return f"{cid!r} is not among the cards turned over."
        turned.remove(cid)
        goods = HELD[cid].goods or "common"
        people = B.PLACES[h.place].people
        if p.ctx["source"] == "browse" and GOODS_PEOPLE[goods] not in (None, people):
            return f"{_place(h.place)} does not sell {HELD[cid].name} ({goods} goods)."
    price = sum(HELD[c].value for c in d.cards or ())
    return f"You need {price} GP; you have {h.gp}."


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
            return "Only one potion counts in a fight."
        missing = [c for c in cards if cards.count(c) > h.cards.count(c)]
        if missing:
            return f"You do not hold {missing[0]!r}."
        f = s.fight
        if f is not None and f.dragon and SCROLL in cards:
            return "The Scroll of Minds does not count against the Dragon."
        return "Only potions and one-use cards that count in this fight can be prepared."
    if p.kind == "fight" and d.action == "avoid" and d.card in CHASE_AWAY:
        f = s.fight
        assert f is not None
        near = nearest(s, pid, f.drawn_at)
        if d.card not in h.cards:
            return f"You do not hold {d.card!r}."
        if not near:
            return "No other hobbit is in the game to chase the creature to."
        if d.target is None:
            return f"{' and '.join(near)} are equally near: name the hobbit to send it to."
        return f"The creature goes to the nearest hobbit: {' or '.join(near)}."
    equipment = d.what == "equipment" and d.card in HELD
    if (
        p.kind == "spoils"
        and d.action == "take"
        and equipment
        and HELD[str(d.card)].deck != EQUIPMENT
    ):
        return f"{HELD[str(d.card)].name} is not an Equipment card and cannot be taken."
    if p.kind == "special" and d.action == "move_to" and d.to in B.PLACES:
        cid = str(p.ctx.get("card"))
        if cid == "friendly_eagle":
            return f"The Friendly eagle flies only to another Haven; {_place(d.to)} is not one."
        far = B.distance(h.place, d.to)
        return f"{_place(d.to)} is {far} roads away; the Hidden path reaches 4."
    return None


def why(s: State, pid: str, d: Decision) -> str:
    """The reason `d` is not legal for `pid` now."""
    if s.over:
        return "The game is over."
    if pid not in s.hobbits:
        return f"{pid} is not a hobbit of this game."
    if s.hobbits[pid].out:
        return "You are out of the game."
    if d.action == "use":
        return _free(s, pid, d)
    p = s.pending
    assert p is not None
    if p.player != pid:
        return f"It is {p.player}'s decision now ({WHAT[p.kind]})."
    h = s.hobbits[pid]
    if d.action == "buy_talisman" and p.kind == "haven":
        if d.colour in h.talismans:
            return f"You already hold a {d.colour} talisman."
        if d.colour not in s.board.get(h.place, ()):
            return f"No {d.colour} talisman lies at {_place(h.place)}."
        if h.gp < TALISMAN_PRICE:
            return f"You need {TALISMAN_PRICE} GP; you have {h.gp}."
    specific = _specific(s, pid, d)
    if specific:
        return specific
    actions = {o.action for o in pending_options(s)}
    if d.action not in actions:
        return f"Now you {WHAT[p.kind]}."
    if d.action == "travel":
        return _travel(s, pid, d.to) or "You cannot travel there."
    if d.action == "move_to" and p.kind == "travel":
        return f"Swift as the wind reaches places within 5 roads; {_place(str(d.to))} is not."
    if d.action == "buy":
        return "You cannot buy that set: check what this Village sells and what you can pay."
    if d.action == "take" and d.what == "talisman" and d.colour in h.talismans:
        return f"You already hold a {d.colour} talisman."
    if d.action in ("challenge", "answer", "prepare", "sell", "smith") and d.card is not None:
        if d.card not in h.cards:
            return f"You do not hold {d.card!r}."
        if d.action == "answer":
            return "That Riddle card does not carry the right answer."
    if d.action == "answer" and d.card is None:
        return "You hold a Riddle card with the answer, so you must answer."
    if d.action == "riddle":
        return f"{d.target} is not a hobbit on your place."
    if d.action == "move_to":
        return f"You cannot move to {_place(str(d.to))} with this card."
    if d.action == "avoid":
        return "You cannot avoid this fight that way (check the card and the nearest hobbit)."
    if d.action == "move_to" and d.card == SWIFT:
        return "Swift as the wind reaches places within 5 roads."
    return f"That is not one of your choices now; you {WHAT[p.kind]}."
