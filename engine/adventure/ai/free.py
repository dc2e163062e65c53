"""Free actions (ADV-11) an AI hobbit takes where they pay, on its own decision or another's.

Healing pays when a hobbit is nearly out (a potion also counts in a fight, so it is kept till
then; Athelas heals sooner by the plan's `athelas_lp`). The Scroll of Minds pays most as a
talisman taken from a rival standing on the same place: one more bonus against the Dragon and
one less for the rival; gold or gear are not worth its +4 in a fight. A beginner (`scroll`
False) heals only when nearly out and never thinks of the Scroll's taking.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.adventure.ai.reading import View, me
from engine.adventure.cards import HEALS, SCROLL
from engine.adventure.decisions import Decision

NEARLY_OUT = 3
"""At this LP or below any heal is drunk."""


def paying(
    view: View, legal: Sequence[Decision], athelas_lp: int, scroll: bool = True
) -> Decision | None:
    """The free action worth taking now, or None."""
    free = [d for d in legal if d.action == "use"]
    heal = [d for d in free if d.card in HEALS]
    lp = me(view)["lp"]
    athelas = any(d.card == "athelas" for d in heal)
    if heal and (lp <= NEARLY_OUT or (lp <= athelas_lp and athelas)):
        return min(heal, key=lambda d: 0 if d.card == "athelas" else 1)
    taking = [d for d in free if d.card == SCROLL and d.what == "talisman"]
    return taking[0] if taking and scroll else None
