"""The expert hobbit: its own plan, and a look ahead before it goes to the Dragon.

Its plan (`PLAN`) is the standard rules of thumb with weights tuned in games against the
standard hobbit: above all it races for the Magic deck (a Magic card drawn is one the rival
cannot draw, and five of the twelve count against the Dragon), drawing one at every Haven
that offers it before buying a talisman; it chases creatures it may well lose to on to its
rivals, heals with Athelas sooner and takes a long chance at Carn Dûm only with a good one
(`dragon_bold`).

When Carn Dûm is within reach it weighs going now against its plan's other destination by
determinisation: it samples `WORLDS` games consistent with its view (worlds.py: deck orders
and the others' hidden cards dealt at random), plays both on in each world, itself by its
plan and the others as standard hobbits, for a fixed number of decisions (`BUDGET` shared
by the playouts), and scores a playout 1 for a win, 0 for a loss, else by the hobbits'
progress. Both candidates meet the same worlds and dice (common random numbers), and the
other one is taken only when it scores clearly better than the plan (`MARGIN`). The budget
is a number of decisions, not the clock, so the choice is deterministic from the
`random.Random` passed in. (Searching fights and preparations too, with the exact combat
odds already in the plan, did not win more games.)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from engine.adventure import board as B
from engine.adventure.ai import standard
from engine.adventure.ai.plan import Plan
from engine.adventure.ai.reading import View, held_bonus, me
from engine.adventure.ai.worlds import sample
from engine.adventure.decisions import Decision
from engine.adventure.rules import apply, legal_moves
from engine.adventure.state import MAX_LP, State
from engine.adventure.view import view as view_of

WORLDS = 16
BUDGET = 1800
"""Decisions played on per choice, shared by its playouts (WORLDS per candidate)."""
HORIZON = 150
"""Decisions a playout runs at most (less with more candidates) before it is scored."""
SEARCHED = frozenset({"travel"})
MARGIN = 0.3
"""How much better than the plan's pick the other candidate must score to be taken."""
LP_WEIGHT = 6.0
"""A hobbit's full 12 LP count as much as this many points of bonus in a position's score."""


PLAN = Plan(
    magic_value=25.0,
    step_weight=0.3,
    haven_order=("draw_magic", "buy_talisman", "heal"),
    athelas_lp=9,
    dragon_bold=0.55,
    chase_below=0.7,
)
"""The expert's own plan: the standard plan's weights tuned by games against it."""


def choose(view: View, legal: Sequence[Decision], rng: random.Random) -> Decision:
    planned = standard.choose(view, legal, rng, PLAN)
    pending = view.get("pending")
    if not pending or pending["player"] != view["me"] or pending["kind"] not in SEARCHED:
        return planned
    options = candidates(view, legal, planned)
    if len(options) < 2:
        return planned
    scores = evaluate(view, options, rng)
    best = max(range(len(options)), key=lambda i: scores[i])
    return options[best] if scores[best] > scores[0] + MARGIN else planned


def candidates(view: View, legal: Sequence[Decision], planned: Decision) -> list[Decision]:
    """The plan's pick first, then going to Carn Dûm now against it, or the plan's best other
    destination against going there."""
    main = [d for d in legal if d.action != "use"]
    if planned.action == "use" or planned not in main:
        return [planned]
    lair = [d for d in main if d.to == B.LAIR_PLACE]
    if not lair:
        return [planned]
    if planned.to != B.LAIR_PLACE:
        return [planned, lair[0]]
    values = standard.place_values(view, PLAN)
    others = [d for d in main if d.to != B.LAIR_PLACE]
    target = standard.goal(view, values, PLAN)
    best = max(
        others,
        key=lambda d: 1e6 if d.action == "rest" else standard.dest_score(values, str(d.to), target),
        default=None,
    )
    return [planned] if best is None else [planned, best]


def evaluate(view: View, options: list[Decision], rng: random.Random) -> list[float]:
    """Each option's mean playout score over the same sampled worlds."""
    mine = str(view["me"])
    horizon = min(HORIZON, BUDGET // (WORLDS * len(options)))
    totals = [0.0] * len(options)
    for _ in range(WORLDS):
        world = sample(view, rng)
        seed = rng.getrandbits(32)
        for i, d in enumerate(options):
            after, _ = apply(world, mine, d)
            totals[i] += playout(after, mine, random.Random(seed), horizon)
    return [t / WORLDS for t in totals]


def playout(s: State, mine: str, rng: random.Random, horizon: int = HORIZON) -> float:
    """I play on by my plan, the others as standard hobbits; my result (1 win, 0 loss, else my
    progress share)."""
    for _ in range(horizon):
        if s.over or s.pending is None:
            break
        pid = s.pending.player
        plan = PLAN if pid == mine else standard.STANDARD
        s, _ = apply(s, pid, standard.choose(view_of(s, pid), legal_moves(s, pid), rng, plan))
    if s.over:
        return 1.0 if s.winner == mine else 0.0
    return progress_share(s, mine)


def progress_share(s: State, mine: str) -> float:
    """My share of the hobbits' lasting strength against the Dragon (talismans and the bonuses
    that stay, not the one-use cards a playout may simply not have spent yet) and their LP."""
    if s.hobbits[mine].out:
        return 0.0
    weights = {}
    for pid in s.in_game():
        v = view_of(s, pid)
        lasting = held_bonus(v) + len(me(v)["talismans"])
        weights[pid] = math.exp((lasting + LP_WEIGHT * me(v)["lp"] / MAX_LP) / 1.5)
    return weights[mine] / sum(weights.values())
