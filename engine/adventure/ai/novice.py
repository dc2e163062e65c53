"""The novice hobbit: a newcomer's simple plan, with a newcomer's mistakes.

A player learning the game should meet a rival that plays the game (it gears up, collects
talismans and goes for the Dragon) yet can be beaten. So the novice follows the standard
hobbit's plan (standard.py) with a beginner's weights (`PLAN`: it rushes to Carn Dûm on a
poor chance and thinks little of Magic cards), and replaces the parts that need experience
by rules of thumb a beginner would use:
- now and then it wanders off its plan to a place that looks interesting (`WANDER`);
- it rerolls the dice that count against it, not the dice the odds say (no exact odds);
- it spends potions and one-use cards only against the Dragon or when it is about to fall,
  and faces every creature but a Danger one rather than avoid it;
- it buys whatever it lacks, leaving no gold for a talisman; it challenges with any riddle;
- it heals only when nearly out, and never thinks of taking with the Scroll of Minds.
Deterministic from the `random.Random` passed in, like every level.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.adventure import board as B
from engine.adventure.ai import standard
from engine.adventure.ai.free import NEARLY_OUT, paying
from engine.adventure.ai.odds import VALUE
from engine.adventure.ai.plan import Plan
from engine.adventure.ai.reading import View, me, my_cards
from engine.adventure.cards import HELD, card
from engine.adventure.decisions import Decision

PLAN = Plan(
    dragon_sure=0.45,
    dragon_bold=0.2,
    dragon_lp=5,
    magic_value=1.5,
    step_weight=0.8,
    avoid_below=0.0,
    haven_order=("buy_talisman", "heal", "draw_magic"),
    athelas_lp=NEARLY_OUT,
    reserve_gp=0,
)
"""The standard plan with a beginner's weights."""
WANDER = 0.2
"""How often a travel ignores the plan for a place that merely looks interesting."""
INTERESTING = frozenset({B.ADVENTURE, B.PERIL, B.VILLAGE, B.HAVEN})


def choose(view: View, legal: Sequence[Decision], rng: random.Random) -> Decision:
    worth = paying(view, legal, athelas_lp=NEARLY_OUT, scroll=False)
    if worth is not None:
        return worth
    main = [d for d in legal if d.action != "use"]
    pending = view.get("pending")
    if not main or not pending or pending["player"] != view["me"]:
        return rng.choice(list(legal))
    kind = pending["kind"]
    if kind == "travel" and rng.random() < WANDER:
        return _wander(main, rng)
    if kind == "reroll":
        return _reroll(view, main)
    if kind == "prepare":
        return _prepare(view, main)
    if kind == "fight":
        f = view["fight"]
        avoid = [d for d in main if d.action == "avoid"]
        return avoid[0] if avoid and f["danger"] else next(d for d in main if d.action == "fight")
    if kind == "buy":
        return max(main, key=lambda d: _wanted(view, d))
    if kind == "challenge":
        return rng.choice(main)
    return standard.choose(view, main, rng, PLAN)


def _wander(legal: Sequence[Decision], rng: random.Random) -> Decision:
    """A move to any reachable place that looks like something happens there."""
    spots = [d for d in legal if d.action == "travel" and d.to is not None]
    lively = [d for d in spots if B.PLACES[str(d.to)].kind in INTERESTING]
    return rng.choice(lively or spots or list(legal))


def _reroll(view: View, legal: Sequence[Decision]) -> Decision:
    """Reroll the dice of the sign that is losing (digits against pips), or the weakest die
    when all agree: what a beginner sees, not the odds."""
    f = view["fight"]
    dice: list[str] = list(f["dice"])
    total = sum(VALUE[x] for x in dice)
    against = [i for i, x in enumerate(dice) if (VALUE[x] > 0) != (total > 0)]
    if not against:
        against = [min(range(3), key=lambda i: abs(VALUE[dice[i]]))]
    wanted = tuple(against)
    return next((d for d in legal if d.dice == wanted), legal[0])


def _prepare(view: View, legal: Sequence[Decision]) -> Decision:
    """Everything against the Dragon; otherwise all in only when this loss would knock it out."""
    f = view["fight"]
    everything = max(legal, key=lambda d: len(d.cards or ()))
    if f["card"] == "dragon":
        return everything
    fatal = card(f["deck"], f["card"]).loss >= me(view)["lp"]
    return everything if fatal else min(legal, key=lambda d: len(d.cards or ()))


def _wanted(view: View, d: Decision) -> tuple[int, int]:
    """Most new kinds of goods, then the dearest: a beginner's shopping."""
    have = set(my_cards(view))
    new = {c for c in d.cards or () if c not in have}
    return len(new), sum(HELD[c].value for c in d.cards or ())
