"""The run loop: decisions dispatched to their rule, then the game played on by itself until
the next real decision (ADV-3 turns, ADV-9 the end).

Between decisions the engine works off, in order: the pending decision if it is no real choice
(taken and logged as `auto`), the fight under way, the turn's task stack, and finally the turn's
end and the next hobbit's `roll`.
"""

from __future__ import annotations

from engine.adventure import cardplay, fight, places, riddling
from engine.adventure import events as E
from engine.adventure import holdings as H
from engine.adventure.cardplay import draw_and_resolve
from engine.adventure.cards import HEALS, SCROLL, SWIFT
from engine.adventure.decisions import Decision
from engine.adventure.dice import movement
from engine.adventure.legal import auto_choice
from engine.adventure.state import Pending, State, Turn

PLACE_KINDS = frozenset({"riddle", "haven", "village", "offer", "buy"})
FIGHT_KINDS = frozenset({"fight", "prepare", "reroll", "prize", "lose_talisman"})
DUEL_KINDS = frozenset({"challenge", "answer", "counter", "spoils"})
CARD_KINDS = frozenset({"rope", "lost", "special", "fire", "smith"})


def begin_turn(s: State, pid: str) -> None:
    s.turn_no += 1
    s.turn = Turn(pid, s.hobbits[pid].place)
    s.visit = None
    s.log.append(E.TurnBegan(pid, s.turn_no))
    s.pending = Pending(pid, "roll")


def _next_turn(s: State) -> None:
    assert s.turn is not None
    seats = s.players
    i = seats.index(s.turn.player)
    for k in range(1, len(seats) + 1):
        pid = seats[(i + k) % len(seats)]
        if not s.hobbits[pid].out:
            begin_turn(s, pid)
            return


def _task(s: State, task: list[str]) -> None:
    assert s.turn is not None
    pid = s.turn.player
    name = task[0]
    if name == "arrive":
        places.arrive(s, pid)
    elif name == "goto":
        h = s.own_hobbit(pid)
        s.log.append(E.Moved(pid, h.place, task[1], "travel"))
        h.place = task[1]
        places.arrive(s, pid)
    elif name == "draw":
        draw_and_resolve(s, pid, task[1])
    elif name == "pipe" and "pipe" in s.hobbits[pid].cards:
        H.lp(s, pid, 1, "pipe")


def run(s: State) -> None:
    """Play on until a real decision is awaited or the game is over."""
    while s.winner is None and not s.dragon_won:  # not s.over, without a property call
        if s.turn is not None and s.hobbits[s.turn.player].out:
            s.tasks.clear()
            s.visit = None
            if s.pending is not None and s.pending.player == s.turn.player:
                s.pending = None
        if s.pending is not None:
            auto = auto_choice(s)
            if auto is None:
                return
            pending = s.pending
            s.log.append(E.Decided(pending.player, auto.plain(), True, pending.kind))
            dispatch(s, auto)
        elif s.fight is not None:
            fight.step(s)
        elif s.tasks:
            _task(s, s.tasks.pop())
        else:
            _next_turn(s)


def _turn_decision(s: State, pid: str, d: Decision) -> None:
    if d.action == "roll":
        turn = s.own_turn()
        turn.roll = movement(s)
        s.log.append(E.Rolled(pid, "movement", turn.roll, "travel"))
        s.pending = Pending(pid, "travel")
    elif d.action == "travel" and d.to is not None:
        turn = s.own_turn()
        turn.used_move = True
        if turn.roll == 1:
            turn.to = d.to
            s.tasks += [["goto", d.to], ["draw", "adventure"]]
        else:
            h = s.own_hobbit(pid)
            s.log.append(E.Moved(pid, h.place, d.to, "travel"))
            h.place = d.to
            places.arrive(s, pid)  # at once: an "arrive" task would be the next step run
    elif d.action == "rest":
        s.tasks += [["pipe"], ["draw", "rest"], ["draw", "rest"]]
    elif d.action == "move_to" and d.to is not None:
        s.own_turn().used_move = True
        h = s.own_hobbit(pid)
        H.spend(s, pid, SWIFT)
        s.log.append(E.Moved(pid, h.place, d.to, "swift"))
        h.place = d.to
        s.tasks.append(["arrive", d.to])


def dispatch(s: State, d: Decision) -> None:
    """Carry out the pending decision `d` (already checked legal)."""
    p = s.pending
    assert p is not None
    s.pending = None
    if p.kind in ("roll", "travel"):
        _turn_decision(s, p.player, d)
    elif p.kind in PLACE_KINDS:
        places.decide(s, p, d)
    elif p.kind in FIGHT_KINDS:
        fight.decide(s, d)
    elif p.kind in DUEL_KINDS:
        riddling.decide(s, p, d)
    elif p.kind in CARD_KINDS:
        cardplay.decide(s, p, d)


def free_action(s: State, pid: str, d: Decision) -> None:
    """ADV-11: heal with a Potion or Athelas, or take with the Scroll of Minds."""
    assert d.card is not None
    H.spend(s, pid, d.card)
    if d.card in HEALS:
        H.lp(s, pid, HEALS[d.card], d.card)
    elif d.card == SCROLL and d.target is not None and d.what is not None:
        H.take(s, pid, d.target, d.what, d.colour or d.item)
