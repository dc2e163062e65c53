"""Arriving at a place (ADV-4) and the places' actions (ADV-5)."""

from __future__ import annotations

from engine.adventure import board as B
from engine.adventure import events as E
from engine.adventure import fight
from engine.adventure import holdings as H
from engine.adventure.cardplay import draw_and_resolve
from engine.adventure.cards import EQUIPMENT, HELD, JEWELLERY, RIDDLE, RIDDLE_CARDS
from engine.adventure.decisions import Decision
from engine.adventure.dice import green
from engine.adventure.legal import TALISMAN_PRICE
from engine.adventure.riddling import begin as begin_duel
from engine.adventure.state import Pending, State, Visit

BROWSE = 5


def arrive(s: State, pid: str) -> None:
    """The hobbit ends a movement: the Dragon, a riddle offer, or the place's action."""
    h = s.hobbits[pid]
    if h.place == B.LAIR_PLACE:
        fight.start(s, pid, "", "dragon")
        return
    if not RIDDLE_CARDS.isdisjoint(h.cards) and s.others_at(pid):
        s.pending = Pending(pid, "riddle")
        return
    action(s, pid)


def action(s: State, pid: str) -> None:
    place = s.hobbits[pid].place
    kind = B.PLACES[place].kind
    if kind == B.HAVEN:
        s.pending = Pending(pid, "haven")
    elif kind == B.VILLAGE:
        s.visit = Visit(place)
        s.pending = Pending(pid, "village")
    elif kind in (B.ADVENTURE, B.PERIL):
        draw_and_resolve(s, pid, kind)
    elif kind == B.DANGER:
        draw_and_resolve(s, pid, "danger", danger=True)


def decide(s: State, p: Pending, d: Decision) -> None:
    """riddle (arrival), haven, village, offer and buy decisions."""
    pid, ctx, kind = p.player, p.ctx, p.kind
    a = d.action
    if kind == "riddle":
        if a == "riddle" and d.target is not None:
            begin_duel(s, pid, d.target)
        else:
            action(s, pid)
    elif a == "buy_talisman" and d.colour is not None:
        h = s.own_hobbit(pid)
        H.gp(s, pid, -TALISMAN_PRICE, "talisman")
        s.off_board(h.place, d.colour)
        h.talismans.append(d.colour)
        s.log.append(E.TalismanMoved(player=pid, colour=d.colour, how="bought", frm=h.place))
    elif a == "heal":
        H.lp(s, pid, 2, "haven")
    elif a == "draw_magic":
        cid = H.draw(s, pid, "magic")
        if cid is not None:
            H.keep(s, pid, "magic", cid)
    elif a == "draw_riddle":
        s.own_visit().riddle_drawn = True
        cid = H.draw(s, pid, RIDDLE)
        if cid is not None:
            H.keep(s, pid, RIDDLE, cid)
        s.pending = Pending(pid, "village")
    elif a == "sell":
        price = green(s)
        s.log.append(E.Rolled(pid, "green", price, "jewellery"))
        s.log.append(E.Offer(player=pid, card=JEWELLERY, price=price))
        s.pending = Pending(pid, "offer", {"price": price})
    elif a == "accept":
        H.gp(s, pid, int(ctx["price"]), "jewellery")
        H.spend(s, pid, JEWELLERY)
        s.pending = Pending(pid, "village")
    elif a == "refuse":
        s.own_visit().refused += 1
        s.pending = Pending(pid, "village")
    elif a == "browse":
        s.own_visit().browsed = True
        turned = [c for c in (H.draw(s, pid, EQUIPMENT) for _ in range(BROWSE)) if c is not None]
        s.pending = Pending(pid, "buy", {"source": "browse", "cards": turned})
    elif a == "buy":
        _buy(s, pid, list(ctx["cards"]), list(d.cards or ()))
        if ctx["source"] == "browse":
            s.pending = Pending(pid, "village")
    elif a == "done" and kind == "village":
        s.visit = None


def _buy(s: State, pid: str, turned: list[str], bought: list[str]) -> None:
    price = sum(HELD[c].value for c in bought)
    if bought:
        s.log.append(E.Bought(player=pid, cards=tuple(bought), price=price))
        H.gp(s, pid, -price, "bought")
    for cid in bought:
        turned.remove(cid)
        H.keep(s, pid, EQUIPMENT, cid)
    for cid in turned:
        H.table_to_bottom(s, EQUIPMENT, cid)
