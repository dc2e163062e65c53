"""The weights of a hobbit's plan (standard.py reads them; the expert has its own).

One frozen record, so the standard and the expert play the same rules of thumb with
different weights, and a tuning run can try new weights without touching the code.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Plan:
    """The weights of the plan. `STANDARD` is the standard hobbit's; the expert plays its
    own, tuned by games against the standard hobbit (expert.py)."""

    dragon_sure: float = 0.6
    """Go to Carn Dûm with at least this chance of beating the Dragon, whatever my LP."""
    dragon_bold: float = 0.3
    """... or with at least this chance while I have more than `dragon_lp` LP."""
    dragon_lp: int = 7
    lair_weight: float = 40.0
    """What a sure win at Carn Dûm is worth among the places (times the chance)."""
    step_weight: float = 0.55
    """What one road of distance costs when choosing the next goal."""
    talisman_value: float = 8.0
    magic_value: float = 2.5
    """What drawing a Magic card at a Haven is worth."""
    danger_loss: float = 4.5
    avoid_below: float = 0.45
    """Avoid a fight won with less than this chance (at a Danger place: `avoid_danger`)."""
    avoid_danger: float = 0.3
    chase_below: float = 0.0
    """Chase a creature on to the nearest rival with Thunder of Light or Adan Wind-horn when
    my chance against it is below this (0: only by the avoiding rule above)."""
    haven_order: tuple[str, ...] = ("buy_talisman", "heal", "draw_magic")
    """A Haven's actions, the first one available taken."""
    athelas_lp: int = 6
    """Heal with Athelas at this LP or below (potions only in need: they also count in fights)."""
    reserve_gp: int = 5
    """Gold kept back when buying while I hold fewer than two talismans (one talisman's price)."""
