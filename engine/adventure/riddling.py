"""Riddle duels (ADV-8): challenge, answer or shield, counter-challenge, the winner's choice.

Every Riddle card shown goes to the bottom of the Riddle deck at once; the riddle, its text
and its correct answer are public from then on.
"""

from __future__ import annotations

from engine.adventure import events as E
from engine.adventure import holdings as H
from engine.adventure.cards import SHADOW_SHIELD
from engine.adventure.decisions import Decision
from engine.adventure.riddles import riddle
from engine.adventure.state import Duel, Pending, State


def begin(s: State, challenger: str, target: str) -> None:
    s.duel = Duel(challenger, target)
    s.pending = Pending(challenger, "challenge")


def _show(s: State, pid: str, cid: str) -> None:
    s.own_hobbit(pid).cards.remove(cid)
    s.to_deck("riddle", (cid,))


def decide(s: State, p: Pending, d: Decision) -> None:
    duel = s.duel
    assert duel is not None
    pid, kind = p.player, p.kind
    if kind == "counter" and d.action == "challenge":
        duel = s.own_duel()
        duel.challenger, duel.challenged = duel.challenged, duel.challenger
    if d.action == "challenge":
        assert d.card is not None
        _show(s, pid, d.card)
        duel = s.own_duel()
        duel.riddle = d.card
        r = riddle(d.card)
        s.log.append(
            E.Riddled(player=pid, step="challenge", card=d.card, text=r.text, answer=r.correct)
        )
        s.pending = Pending(duel.challenged, "answer")
    elif d.action == "shield":
        H.spend(s, pid, SHADOW_SHIELD)
        s.log.append(E.Riddled(player=pid, step="shield"))
        s.duel = None
    elif d.action == "answer" and d.card is not None:
        _show(s, pid, d.card)
        r = riddle(d.card)
        s.log.append(
            E.Riddled(player=pid, step="answer", card=d.card, text=r.text, answer=r.correct)
        )
        s.pending = Pending(pid, "counter")
    elif d.action == "answer":
        s.log.append(E.Riddled(player=pid, step="no_answer"))
        s.pending = Pending(duel.challenger, "spoils", {"frm": pid})
    elif d.action == "end_duel":
        s.log.append(E.Riddled(player=pid, step="end"))
        s.duel = None
    elif d.action == "take":
        H.take(s, pid, duel.challenged, d.what or "gold", d.colour or d.card)
        s.duel = None
