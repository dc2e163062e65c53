"""What an AI hobbit reads from its own view: its cards, bonuses and chances.

Only the view (ADV-12) and the public card and board data are used.
"""

from __future__ import annotations

from typing import Any

from engine.adventure.ai.odds import fight_chance, success
from engine.adventure.cards import DRAGON_SPELLS, MASTER_OF, POTION_BONUS, WEAPONS
from engine.adventure.fight import DEFENCE_CARDS, FLAT_BONUSES

View = dict[str, Any]


def me(view: View) -> dict[str, Any]:
    return dict(view["hobbits"][view["me"]])


def my_cards(view: View) -> list[str]:
    h = view["hobbits"][view["me"]]
    secret = h["secret"] if isinstance(h["secret"], list) else []
    return [*h["cards"], *(c for c in secret if c not in h["cards"])]


def held_bonus(view: View, peril: bool = False) -> int:
    """The bonuses that count by themselves (ADV-6 step 5), for my hobbit."""
    cards = my_cards(view)
    smiths = me(view)["smiths"]
    best = 0
    for weapon in {c for c in cards if c in WEAPONS}:
        master = any(MASTER_OF[m] == weapon for m in MASTER_OF if m in cards)
        best = max(best, 1 + int(master) + int(weapon in smiths))
    bonus = best + int(not DEFENCE_CARDS.isdisjoint(cards))  # as fight.bonuses counts them
    bonus += sum(worth for name, worth in FLAT_BONUSES.items() if name in cards)
    return bonus + int(peril and "lantern" in cards)


def dragon_bonus(view: View) -> int:
    """Everything that could count against the Dragon if I went now."""
    cards = my_cards(view)
    bonus = held_bonus(view) + len(me(view)["talismans"])
    bonus += max((POTION_BONUS[c] for c in cards if c in POTION_BONUS), default=0)
    bonus += 2 * int("blessing" in cards)
    bonus += sum(DRAGON_SPELLS[c] for c in cards if c in DRAGON_SPELLS)
    return bonus


def dragon_chance(view: View) -> float:
    return success(16 - dragon_bonus(view))


def creature_chance(view: View, n: int, peril: bool = False, extra: int = 0) -> float:
    return fight_chance(n, held_bonus(view, peril) + extra)
