"""The decisions behind the pack's controls: indexes into the legal list, the fingerprint of
that list, and the toggled steps (prepare, reroll, buy) whose set is built one toggle at a
time and submitted at once. Only sets that are legal decisions can be submitted; the engine
re-checks whatever is submitted anyway.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.adventure.cards import POTIONS
from engine.adventure.decisions import D, Decision

TOGGLED = {"prepare": "prepare", "reroll": "reroll", "buy": "buy"}
"""Pending kinds shown as toggles + a submit button, and the action they submit."""


FINGERPRINT_SALT = "adventure 1"  # of the pack's indexes and masks (bot.platform.decisions)


def items(kind: str, legal: Sequence[Decision]) -> list[str]:
    """What the toggles of a step switch: dice indexes ("0".."2") or cards (with copies)."""
    if kind == "reroll":
        return ["0", "1", "2"]
    most: Counter[str] = Counter()
    for d in legal:
        if d.action == TOGGLED.get(kind) and d.cards is not None:
            for card, n in Counter(d.cards).items():
                most[card] = max(most[card], n)
    return sorted(most.elements())


def chosen(kind: str, legal: Sequence[Decision], mask: int) -> list[str]:
    return [item for i, item in enumerate(items(kind, legal)) if mask >> i & 1]


def toggled(kind: str, legal: Sequence[Decision], mask: int, i: int) -> int:
    """The mask after switching item i; a potion switched on switches the other potion off
    (one potion per fight, ADV-6 step 3)."""
    new = mask ^ (1 << i)
    its = items(kind, legal)
    if kind == "prepare" and new >> i & 1 and its[i] in POTIONS:
        for j, item in enumerate(its):
            if j != i and item in POTIONS:
                new &= ~(1 << j)
    return new


def decision_for(kind: str, legal: Sequence[Decision], mask: int) -> Decision | None:
    """The legal decision the toggled set stands for (None: no such decision)."""
    picked = chosen(kind, legal, mask)
    if kind == "reroll":
        if not picked:
            return None
        wanted = Decision("reroll", dice=tuple(sorted(int(p) for p in picked)))
    else:
        wanted = D(TOGGLED[kind], cards=picked)
    return wanted if wanted in legal else None
