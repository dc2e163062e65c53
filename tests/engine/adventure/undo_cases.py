"""Scenes for the bounded undo's tests (issue 45): a stacked two-hobbit game, one decision
applied with its undo verdict (`Move`), and the check that a move is taken back cleanly.
Shared by test_adv_undo.py (each decision, undoable or refused) and test_adv_undo_guards.py
(the guards that hold whatever the decision)."""

from __future__ import annotations

from typing import Any

from engine.adventure import GAME
from engine.adventure.decisions import D, Decision
from engine.adventure.scenario import build
from engine.adventure.state import State
from engine.adventure.undo import refusal

PLAYERS = ["ann", "bob"]


def scene(**data: Any) -> State:
    spec = {"game": "adventure", "players": PLAYERS, "first": "ann", "seed": 1, **data}
    return build(spec, PLAYERS, "ann")


class Move:
    """One decision applied: the state before and after, the events, and the undo verdict."""

    def __init__(self, before: State, player: str, decision: Decision) -> None:
        self.before, self.player, self.decision = before, player, decision
        self.after, self.events = GAME.apply(before, player, decision)

    @property
    def undoable(self) -> bool:
        return GAME.undoable(self.before, self.player, self.decision, self.after, self.events)

    @property
    def why(self) -> str | None:
        return refusal(self.before, self.player, self.decision, self.after, self.events)

    def types(self) -> list[str]:
        return [e.type for e in self.events]


def played(s: State, *moves: tuple[str, Decision]) -> State:
    for player, d in moves:
        s, _ = GAME.apply(s, player, d)
    return s


def rolled(roll: int | str, **data: Any) -> State:
    """ann has rolled `roll` and chooses where to travel."""
    s = scene(dice={"movement": [roll], **data.pop("dice", {})}, **data)
    return played(s, ("ann", D("roll")))


def assert_taken_back(m: Move) -> None:
    """Undoable, and restoring the state before gives ann the same choice again."""
    assert m.why is None and m.undoable
    again = GAME.from_json(GAME.to_json(m.before))
    assert GAME.awaiting(again) == ("ann",)
    assert m.decision in GAME.legal(again, m.player)
    assert GAME.legal(again, m.player) == GAME.legal(m.before, m.player)
