"""The standard hobbit: gear up, collect talismans, go to Carn Dûm when the chance is good.

Each decision kind has a small rule: travel picks the reachable place that best serves the
current goal (the most valuable place for the hobbit, discounted by distance); fights use the
exact combat odds (odds.py) to avoid, prepare and reroll; riddles are asked when they pay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.adventure import board as B
from engine.adventure.ai.free import paying
from engine.adventure.ai.odds import best_reroll, success
from engine.adventure.ai.plan import Plan
from engine.adventure.ai.reading import (
    View,
    creature_chance,
    dragon_chance,
    held_bonus,
    me,
    my_cards,
)
from engine.adventure.cards import HELD, POTION_BONUS, RIDDLE, card
from engine.adventure.decisions import Decision
from engine.adventure.fight import lantern_counts
from engine.adventure.riddles import BY_ID

CHASE_AWAY = frozenset({"thunder_of_light", "adan_wind_horn"})
SPELL_BONUS = {"blessing": 2, "scroll_of_minds": 4}
GOODS_VALUE = {
    "sword": 5.0,
    "axe": 5.0,
    "shield": 4.0,
    "mithril_shirt": 5.0,
    "horse": 2.0,
    "lantern": 1.2,
    "potion_3": 2.5,
    "potion_2": 2.0,
    "rope": 0.5,
    "pipe": 0.6,
}
ANSWER_COUNT = {
    ans: sum(ans in r.answers for r in BY_ID.values())
    for r0 in BY_ID.values()
    for ans in r0.answers
}


STANDARD = Plan()


def go_for_dragon(view: View, plan: Plan = STANDARD) -> bool:
    chance, lp = dragon_chance(view), me(view)["lp"]
    return chance >= plan.dragon_sure or (lp > plan.dragon_lp and chance >= plan.dragon_bold)


def _risk(lp: int) -> float:
    return 0.6 if lp >= 9 else 1.0 if lp >= 6 else 2.5


def place_values(view: View, plan: Plan = STANDARD) -> dict[str, float]:
    """What every place is worth to my hobbit now; the chances are read once for all."""
    lair = plan.lair_weight * dragon_chance(view) if go_for_dragon(view, plan) else -20.0
    chances = {B.PERIL: creature_chance(view, 5, peril=True), B.DANGER: creature_chance(view, 7)}
    h, cards = me(view), my_cards(view)
    return {
        p: lair if p == B.LAIR_PLACE else _value(view, p, h, cards, chances, plan) for p in B.PLACES
    }


def _value(
    view: View,
    place: str,
    h: dict[str, Any],
    cards: list[str],
    chances: dict[str, float],
    plan: Plan,
) -> float:
    lp, gp, kind = h["lp"], h["gp"], B.PLACES[place].kind
    if kind == B.HAVEN:
        lying = view["board"].get(place, [])
        value = 0.0
        if gp >= 5 and any(c not in h["talismans"] for c in lying):
            value = plan.talisman_value
        if place in B.HEAL_HAVENS and lp < 12:
            value = max(value, min(2, 12 - lp) * (2.0 if lp <= 6 else 0.6))
        if place in B.MAGIC_HAVENS and view["decks"]["magic"]:
            value = max(value, plan.magic_value)
        return value
    if kind == B.VILLAGE:
        people = B.PLACES[place].people
        value = 1.5 * cards.count("jewellery")
        if sum(1 for c in cards if HELD[c].deck == RIDDLE) < 3:
            value += 0.6
        has_weapon = any(c in ("sword", "axe") for c in cards)
        has_defence = any(c in ("shield", "mithril_shirt") for c in cards)
        if people == B.MEN and gp >= 4 and not has_weapon:
            value += 3.0
        if people == B.MEN and gp >= 3 and not has_defence:
            value += 2.0
        if people == B.DWARVES and gp >= 4 and not has_weapon:
            value += 3.0
        if gp >= 3 and sum(c in POTION_BONUS for c in cards) < 2:
            value += 0.8
        return value
    if kind == B.ADVENTURE:
        return 0.8 if lp > 4 else -1.5
    if kind == B.PERIL:
        p = chances[B.PERIL]
        return p * 3.0 - (1 - p) * 4.0 * _risk(lp)
    lying = view["board"].get(place, [])
    p = chances[B.DANGER]
    gain = plan.talisman_value if any(c not in h["talismans"] for c in lying) else 4.0
    return p * gain - (1 - p) * plan.danger_loss * _risk(lp)


def goal(view: View, values: dict[str, float] | None = None, plan: Plan = STANDARD) -> str:
    here = me(view)["place"]
    values = values or place_values(view, plan)
    return max(
        (p for p in B.PLACES if p != here),
        key=lambda p: values[p] - plan.step_weight * B.distance(here, p),
    )


def dest_score(values: dict[str, float], dest: str, target: str) -> float:
    """How good ending a movement at `dest` is on the way to `target`."""
    return values[dest] * 0.5 - 0.8 * B.distance(dest, target) + (50.0 if dest == target else 0.0)


def _travel(view: View, legal: Sequence[Decision], plan: Plan) -> Decision:
    values = place_values(view, plan)
    target = goal(view, values, plan)
    here = me(view)["place"]
    best, score = None, -1e9
    for d in legal:
        if d.action in ("travel", "move_to") and d.to is not None:
            s = dest_score(values, d.to, target) - (0.3 if d.action == "move_to" else 0.0)
            if d.action == "move_to" and d.to != target:
                s -= 5.0
            if s > score:
                best, score = d, s
    rest = -0.8 * B.distance(here, target) + (1.0 if me(view)["lp"] <= 5 else 0.0)
    if best is None or (rest > score and any(d.action == "rest" for d in legal)):
        return next(d for d in legal if d.action == "rest")
    return best


def _fight_need(view: View) -> tuple[int, int]:
    """(power, bonus without the combat roll) of the fight under way."""
    f = view["fight"]
    bonus = held_bonus(view, lantern_counts(f["deck"], f["card"])) + f["bonus"]
    if f["card"] == "dragon":
        bonus += len(me(view)["talismans"])
    return int(f["power"] or 0), bonus


def _prepare(view: View, legal: Sequence[Decision]) -> Decision:
    f = view["fight"]
    power, bonus = _fight_need(view)
    if f["card"] == "dragon":
        return max(legal, key=lambda d: len(d.cards or ()))

    def gain(d: Decision) -> float:
        extra = sum(POTION_BONUS.get(c, 0) + SPELL_BONUS.get(c, 0) for c in d.cards or ())
        cost = sum(2.0 if c in ("blessing", "potion_3") else 1.2 for c in d.cards or ())
        stake = 8.0 if f["danger"] else card(f["deck"], f["card"]).loss + 1.0
        return success(power - bonus - extra) * stake - cost

    return max(legal, key=gain)


def _take(view: View, legal: Sequence[Decision]) -> Decision:
    cards = my_cards(view)

    def value(d: Decision) -> float:
        if d.what == "talisman":
            return 10.0
        if d.what == "equipment" and d.card:
            v = GOODS_VALUE.get(d.card, 0.5)
            if d.card in ("sword", "axe") and any(c in ("sword", "axe") for c in cards):
                v = 0.8
            return v
        return 1.0

    return max(legal, key=value)


def choose(
    view: View, legal: Sequence[Decision], rng: random.Random, plan: Plan = STANDARD
) -> Decision:
    kind = view["pending"]["kind"] if view.get("pending") else None
    mine = view["pending"] and view["pending"]["player"] == view["me"]
    free = [d for d in legal if d.action == "use"]
    main = [d for d in legal if d.action != "use"]
    worth = paying(view, free, plan.athelas_lp)
    if worth is not None:
        return worth
    if not mine or not main:
        return rng.choice(list(legal))
    return _decide(view, kind or "", main, rng, plan)


def _decide(
    view: View, kind: str, legal: Sequence[Decision], rng: random.Random, plan: Plan
) -> Decision:
    h = me(view)
    acts = {d.action: d for d in legal}
    if kind == "roll":
        return acts["roll"]
    if kind == "travel":
        return _travel(view, legal, plan)
    if kind == "riddle":
        targets = [d for d in legal if d.action == "riddle"]
        here = B.PLACES[h["place"]].kind
        for d in targets:
            other = view["hobbits"][d.target]
            if any(c not in h["talismans"] for c in other["talismans"]) or here in (
                B.PERIL,
                B.DANGER,
            ):
                return d
        return acts["place"]
    if kind == "haven":
        for name in plan.haven_order:
            if name in acts and (name != "heal" or h["lp"] <= 10):
                return acts[name]
        return acts["done"]
    if kind == "village":
        for name in ("sell", "draw_riddle", "browse"):
            if name in acts:
                return acts[name]
        return acts["done"]
    if kind == "offer":
        return acts["accept"] if view["pending"]["ctx"]["price"] >= 3 else acts["refuse"]
    if kind == "buy":
        return max(legal, key=lambda d: _basket(view, d, plan))
    if kind == "fight":
        f = view["fight"]
        n = card(f["deck"], f["card"]).power
        p = creature_chance(view, n, f["deck"] == "peril")
        avoid = [d for d in legal if d.action == "avoid"]
        chase = [d for d in avoid if d.card in CHASE_AWAY]
        if chase and p < plan.chase_below:
            return chase[0]
        if avoid and p < plan.avoid_below and not (f["danger"] and p > plan.avoid_danger):
            return avoid[0]
        return acts["fight"]
    if kind == "prepare":
        return _prepare(view, legal)
    if kind == "reroll":
        power, bonus = _fight_need(view)
        f = view["fight"]
        subset = best_reroll(tuple(f["dice"]), 2 - f["rerolls"], power - bonus)
        if subset is None:
            return acts.get("stop", legal[0])
        return next((d for d in legal if d.dice == subset), legal[0])
    if kind in ("prize", "spoils"):
        return _take(view, legal)
    if kind in ("challenge", "counter"):
        challenges = [d for d in legal if d.action == "challenge"]
        if not challenges or (kind == "counter" and rng.random() < 0.2):
            return acts.get("end_duel", legal[0])
        return min(challenges, key=lambda d: ANSWER_COUNT[BY_ID[str(d.card)].correct])
    if kind == "answer":
        return next((d for d in legal if d.action == "answer"), legal[0])
    if kind == "fire":
        return legal[0] if h["lp"] > 4 else legal[1]
    if kind == "rope":
        ctx = view["pending"]["ctx"]
        return legal[-1] if ctx.get("card") == "fog" else legal[0]
    if kind == "lost":
        target = goal(view, plan=plan)
        return min(legal, key=lambda d: B.distance(str(d.option), target))
    if kind == "special":
        target = goal(view, plan=plan)
        moves = [d for d in legal if d.to is not None]
        best = min(moves, key=lambda d: B.distance(str(d.to), target), default=None)
        if best is not None and B.distance(str(best.to), target) < B.distance(h["place"], target):
            return best
        return legal[0]
    if kind == "smith":
        weapons = [c for c in my_cards(view) if c in ("sword", "axe")]
        if len(weapons) >= 2 or h["gp"] >= 9:
            return legal[-1]
        return legal[0]
    return rng.choice(list(legal))


def _basket(view: View, d: Decision, plan: Plan) -> float:
    cards = my_cards(view)
    h = me(view)
    value, have_weapon, have_defence = 0.0, False, False
    have_weapon = any(c in ("sword", "axe") for c in cards)
    have_defence = any(c in ("shield", "mithril_shirt") for c in cards)
    potions = sum(c in POTION_BONUS for c in cards)
    price = 0
    for c in d.cards or ():
        price += HELD[c].value
        if c in ("sword", "axe"):
            value += 0.3 if have_weapon else GOODS_VALUE[c]
            have_weapon = True
        elif c in ("shield", "mithril_shirt"):
            value += 0.3 if have_defence else GOODS_VALUE[c]
            have_defence = True
        elif c in POTION_BONUS:
            value += GOODS_VALUE[c] if potions < 3 else 0.2
            potions += 1
        elif c in cards:
            value += 0.1
        else:
            value += GOODS_VALUE.get(c, 0.3)
    reserve = plan.reserve_gp if len(h["talismans"]) < 2 else 0
    left = h["gp"] - price
    return value - 0.25 * price - (1.0 if left < reserve else 0.0)
