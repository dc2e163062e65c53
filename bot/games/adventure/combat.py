"""A fight's numbers as the rules count them (ADV-6 steps 4-5, ADV-7): each combat die and what
it counts, the roll, each bonus by name and the total against the power. One text for the
terminal, the Discord lines and the fighter's pack, so `[•••] [2] [•••] = 4` is never left
to be guessed (digits count up, pips count down, the difference without its sign).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.adventure.dice import FACE_VALUE, combat_result

FACES = {"d1": "1", "d2": "2", "d3": "3", "p1": "•", "p2": "••", "p3": "•••"}
BONUS_NAMES = {
    "weapon": "best weapon",
    "defence": "Shield/Mithril",
    "lantern": "Lantern",
    "dwarf_companion": "Dwarf companion",
    "ranger": "Ranger",
    "elven_cloak": "Elven cloak",
    "prepared": "prepared cards",
    "talismans": "talismans",
}
"""The bonus names of `engine.adventure.fight.bonuses` as a player knows them."""


def face(die: str) -> str:
    """`[2]`, `[•••]`: a combat die as it shows."""
    return f"[{FACES.get(die, die)}]"


def dice_text(dice: Sequence[str]) -> str:
    return " ".join(face(d) for d in dice)


def _side(word: str, values: list[int]) -> str:
    if not values:
        return f"no {word}"
    added = "+".join(map(str, values))
    return f"{word} {added}" + (f" = {sum(values)}" if len(values) > 1 else "")


def roll_count(dice: Sequence[str]) -> str:
    """`[•••] [2] [•••]: digits 2, pips 3+3 = 6 → 6 − 2 = 4` (ADV-6 step 4)."""
    digits = [FACE_VALUE[d] for d in dice if FACE_VALUE.get(d, 0) > 0]
    pips = [-FACE_VALUE[d] for d in dice if FACE_VALUE.get(d, 0) < 0]
    high, low = sorted((sum(digits), sum(pips)), reverse=True)
    sums = f"{high} − {low} = {high - low}" if digits and pips else str(high)
    return f"{dice_text(dice)}: {_side('digits', digits)}, {_side('pips', pips)} → {sums}"


def bonus_text(bonuses: Mapping[str, int]) -> str:
    """`weapon +2, Lantern +1` (empty without bonuses)."""
    return ", ".join(f"{BONUS_NAMES.get(k, k.replace('_', ' '))} +{n}" for k, n in bonuses.items())


def total_count(result: int, bonuses: Mapping[str, int], power: int | None) -> str:
    """`roll 4 + weapon 2 + Lantern 1 = 7 against power 10: short by 3` (ADV-6 step 5);
    without bonuses `total 4 against power 10: ...`."""
    parts = [f"roll {result}"]
    parts += [f"{BONUS_NAMES.get(k, k.replace('_', ' '))} {n}" for k, n in bonuses.items()]
    total = result + sum(bonuses.values())
    text = " + ".join(parts) + f" = {total}" if bonuses else f"total {total}"
    if power is None:
        return text
    verdict = "enough to win" if total >= power else f"short by {power - total}"
    return f"{text} against power {power}: {verdict}"


def rerolled_text(rerolled: Sequence[int], before: Sequence[str], after: Sequence[str]) -> str:
    """`die 1 [•] → [••], die 3 [•] → [•••]`: which dice a reroll changed, and how."""
    return ", ".join(
        f"die {i + 1} {face(before[i])} → {face(after[i])}"
        for i in rerolled
        if i < len(before) and i < len(after)
    )


def combat_count(dice: Sequence[str], bonuses: Mapping[str, int], power: int | None) -> str:
    """The whole count in one line: the dice and what each counts, then the total."""
    return f"{roll_count(dice)}; {total_count(combat_result(tuple(dice)), bonuses, power)}."
