"""The events the engine makes with positional fields (events.py says why: the frequent ones):
their field order is pinned here, since a field moved in its class would put every value made
positionally under its neighbour's name, silently (`Changed`'s change and new amount, say)."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

import engine.adventure
from engine.adventure import events as E

MADE_POSITIONALLY: dict[type[E.AdvEvent], list[str]] = {
    E.TurnBegan: ["player", "turn"],
    E.Decided: ["player", "decision", "auto", "kind"],
    E.Rolled: ["player", "die", "result", "why"],
    E.Moved: ["player", "frm", "to_place", "how"],
    E.Drawn: ["player", "deck", "card"],
    E.Returned: ["player", "deck", "cards", "hidden", "why"],
    E.Kept: ["player", "card"],
    E.Changed: ["player", "what", "delta", "now", "why"],
    E.FightBegan: ["player", "deck", "card"],
    E.Power: ["player", "card", "power"],
    E.Combat: ["player", "dice", "result", "total", "power", "bonuses", "rerolled", "before"],
}
"""Each event class the engine makes with positional fields, and the order it passes them in
(`to`, the audience, is keyword-only)."""


def _made_positionally() -> set[str]:
    """The event classes called as `E.Name(value, ...)` anywhere in the engine."""
    names = set()
    for path in Path(engine.adventure.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and node.args
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "E"
            ):
                names.add(node.func.attr)
    return names


def test_events_made_positionally_keep_their_field_order() -> None:
    for cls, order in MADE_POSITIONALLY.items():
        got = [f.name for f in fields(cls) if not f.kw_only]
        assert got == order, (
            f"{cls.__name__}'s fields are now {got}: the engine makes it positionally in the "
            f"order {order}, so a reordered field would silently swap values; put the fields "
            "back, or change every positional call and this pin together"
        )


def test_every_event_made_positionally_has_its_order_pinned() -> None:
    """A class newly made positionally is pinned above too (and one no longer made so, left
    out), so the pin covers exactly the calls that rely on the order."""
    assert _made_positionally() == {cls.__name__ for cls in MADE_POSITIONALLY}
