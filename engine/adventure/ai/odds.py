"""Exact odds of the combat roll (ADV-6 step 4) with up to two rerolls, played optimally.

`success(need)`: the chance a fresh roll with two rerolls reaches `need`; `best_reroll`: the
reroll (or stop) that maximises that chance from given dice. Computed lazily and cached.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product

FACES = ("d1", "d2", "d3", "p1", "p2", "p3")
VALUE = {f: (int(f[1]) if f[0] == "d" else -int(f[1])) for f in FACES}
SUBSETS = tuple(c for n in (1, 2, 3) for c in combinations(range(3), n))


def result(dice: tuple[str, ...]) -> int:
    return abs(sum(VALUE[f] for f in dice))


@cache
def _reach(dice: tuple[str, ...], rerolls: int, need: int) -> float:
    if result(dice) >= need:
        return 1.0
    if rerolls == 0 or need > 9:
        return 0.0
    return max(_after(dice, subset, rerolls, need) for subset in SUBSETS)


@cache
def _after(dice: tuple[str, ...], subset: tuple[int, ...], rerolls: int, need: int) -> float:
    total = 0.0
    outcomes = list(product(FACES, repeat=len(subset)))
    for faces in outcomes:
        new = list(dice)
        for i, f in zip(subset, faces, strict=True):
            new[i] = f
        total += _reach(tuple(sorted(new)), rerolls - 1, need)
    return total / len(outcomes)


@cache
def success(need: int) -> float:
    """P(a combat roll with two rerolls reaches `need`)."""
    if need <= 0:
        return 1.0
    if need > 9:
        return 0.0
    rolls = list(product(FACES, repeat=3))
    return sum(_reach(tuple(sorted(r)), 2, need) for r in rolls) / len(rolls)


@cache
def best_reroll(dice: tuple[str, ...], rerolls_left: int, need: int) -> tuple[int, ...] | None:
    """The dice to reroll for the best chance of reaching `need`; None: stop."""
    if result(dice) >= need or need > 9 or rerolls_left <= 0:
        return None
    best, choice = -1.0, None
    for subset in SUBSETS:
        chance = _after_positional(dice, subset, rerolls_left, need)
        if chance > best + 1e-12:
            best, choice = chance, subset
    return choice


def _after_positional(dice: tuple[str, ...], subset: tuple[int, ...], r: int, need: int) -> float:
    outcomes = list(product(FACES, repeat=len(subset)))
    total = 0.0
    for faces in outcomes:
        new = list(dice)
        for i, f in zip(subset, faces, strict=True):
            new[i] = f
        total += _reach(tuple(sorted(new)), r - 1, need)
    return total / len(outcomes)


@cache
def fight_chance(n: int, bonus: int) -> float:
    """P(beating a creature of power d6 + n with `bonus`)."""
    return sum(success(d + n - bonus) for d in range(1, 7)) / 6
