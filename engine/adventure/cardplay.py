"""Resolving a drawn Adventure, Peril, Danger or Rest card (ADV-10, ADV-11).

Decisions documented: Lost in the woods goes to the nearest Adventure place other than the one
the hobbit stands on; Swept downriver drawn at Gladden Fields itself follows ADV-11's forced
movement rule like anywhere else: the hobbit is moved there (where it stands) and arrives (ADV-4),
so it may riddle a hobbit there or draws the next Adventure card, and a roll of 1 is not used;
a Rope cancels any forced movement card (Fog's end of turn with it); a weapon carries at most
one Weapon-smith.
"""

from __future__ import annotations

from engine.adventure import board as B
from engine.adventure import events as E
from engine.adventure import fight
from engine.adventure import holdings as H
from engine.adventure.cards import (
    COMPANION,
    CREATURE,
    ENCHANTER,
    FIRE,
    FORCED,
    GAIN_GP,
    GAIN_LP,
    LOSE_GP,
    LOSE_LP,
    MASTER,
    MASTER_OF,
    PEDDLER,
    SMITH,
    SPECIAL,
    TREASURE,
    WEAPONS,
    card,
)
from engine.adventure.decisions import Decision
from engine.adventure.dice import green
from engine.adventure.state import Pending, State


def draw_and_resolve(s: State, pid: str, deck: str, danger: bool = False) -> None:
    cid = H.draw(s, pid, deck)
    if cid is not None:
        resolve(s, pid, deck, cid, danger)


def move(s: State, pid: str, to: str, how: str) -> None:
    """A movement ending the current one: the turn goes on as an arrival at `to` (ADV-4)."""
    h = s.own_hobbit(pid)
    s.log.append(E.Moved(pid, h.place, to, how))
    h.place = to
    s.tasks.clear()
    s.tasks.append(["arrive", to])


def end_turn_now(s: State) -> None:
    s.tasks.clear()
    s.visit = None


def resolve(s: State, pid: str, deck: str, cid: str, danger: bool = False) -> None:
    c = card(deck, cid)
    h = s.hobbits[pid]
    kind = c.kind
    if kind in (CREATURE, ENCHANTER):
        fight.start(s, pid, deck, cid, danger)
        return
    if kind == FORCED:
        if "rope" in h.cards:
            s.pending = Pending(pid, "rope", {"deck": deck, "card": cid})
        else:
            forced(s, pid, deck, cid)
        return
    if kind == SPECIAL:
        here = h.place
        if cid == "friendly_eagle":
            places = [p for p in B.of_kind(B.HAVEN) if p != here]
        else:
            places = list(B.within(here, c.value))
        s.pending = Pending(pid, "special", {"deck": deck, "card": cid, "places": places})
        return
    if kind == FIRE:
        s.pending = Pending(pid, "fire", {"deck": deck, "card": cid})
        return
    if kind in (COMPANION, TREASURE):
        H.keep(s, pid, deck, cid)
        return
    if kind == MASTER:
        if MASTER_OF[cid] in h.cards and cid not in h.cards:
            H.keep(s, pid, deck, cid)
        else:
            H.table_to_bottom(s, deck, cid, pid, "held" if cid in h.cards else "no_weapon")
        return
    if kind == SMITH:
        if any(h.cards.count(w) > h.smiths.count(w) for w in WEAPONS):
            s.pending = Pending(pid, "smith", {"deck": deck, "card": cid})
        else:
            H.table_to_bottom(s, deck, cid, pid, "no_weapon")
        return
    if kind == PEDDLER:
        H.table_to_bottom(s, deck, cid, pid)
        ware = H.draw(s, pid, "equipment")
        if ware is not None:
            s.pending = Pending(pid, "buy", {"source": "peddler", "cards": [ware]})
        return
    if kind == GAIN_GP:
        H.gp(s, pid, c.value, cid)
    elif kind == LOSE_GP:
        H.gp(s, pid, -c.value, cid)
    elif kind == GAIN_LP:
        H.lp(s, pid, c.value, cid)
    elif kind == LOSE_LP:
        H.lp(s, pid, -c.value, cid)
    H.table_to_bottom(s, deck, cid, pid)
    if s.hobbits[pid].lp == 0:
        H.knock_out(s, pid)


def forced(s: State, pid: str, deck: str, cid: str) -> None:
    """Carry out a forced movement card (no Rope played)."""
    if cid == "lost_in_the_woods":
        s.pending = Pending(pid, "lost", {"deck": deck, "card": cid})
        return
    H.table_to_bottom(s, deck, cid, pid)
    if cid == "swept_downriver":
        # [decision] At Gladden Fields too: moved (nowhere farther) and an arrival, ADV-11.
        move(s, pid, "gladden_fields", "forced")
    else:
        back_to_start(s, pid, "forced")
        end_turn_now(s)


def back_to_start(s: State, pid: str, how: str) -> None:
    """The hobbit goes back where its turn began (if it left it)."""
    assert s.turn is not None
    start = s.turn.start
    if s.hobbits[pid].place != start:
        h = s.own_hobbit(pid)
        s.log.append(E.Moved(pid, h.place, start, how))
        h.place = start


def decide(s: State, p: Pending, d: Decision) -> None:
    """The decisions a drawn card asks: rope, lost, special, fire, smith."""
    pid, kind, ctx = p.player, p.kind, p.ctx
    deck, cid = str(ctx.get("deck", "")), str(ctx.get("card", ""))
    if kind == "rope":
        if d.option == "decline":  # the Rope is used: the forced movement does not happen
            H.spend(s, pid, "rope")
            H.table_to_bottom(s, deck, cid, pid, why="rope")
        else:
            forced(s, pid, deck, cid)
    elif kind == "lost":
        H.table_to_bottom(s, deck, cid, pid)
        assert d.option is not None
        move(s, pid, d.option, "forced")
    elif kind == "special":
        H.table_to_bottom(s, deck, cid, pid)
        if d.to is not None:
            move(s, pid, d.to, "special")
    elif kind == "fire":
        H.table_to_bottom(s, deck, cid, pid)
        if d.option == "stay":
            H.lp(s, pid, -card(deck, cid).value, cid)
            if s.hobbits[pid].lp == 0:
                H.knock_out(s, pid)
        else:
            back_to_start(s, pid, "flee")
            end_turn_now(s)
    elif kind == "smith":
        _smith(s, pid, deck, cid, d.card)


def _smith(s: State, pid: str, deck: str, cid: str, weapon: str | None) -> None:
    if weapon is None:
        H.table_to_bottom(s, deck, cid, pid, "declined")
        return
    die = green(s)
    s.log.append(E.Rolled(pid, "green", die, "weapon_smith"))
    if die <= 2:
        H.table_to_bottom(s, deck, cid, pid, "smith_failed")
        s.own_hobbit(pid).cards.remove(weapon)  # a weapon without a smith: the one tried
        H.to_bottom(s, "equipment", weapon, pid, why="smith_failed")
    elif die <= 4:
        H.table_to_bottom(s, deck, cid, pid, "smith_left")
    else:
        H.keep(s, pid, deck, cid)
        s.own_hobbit(pid).smiths.append(weapon)
