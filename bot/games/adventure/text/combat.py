"""A fight's numbers as the rules count them (ADV-6 steps 4-5, ADV-7): each combat die and what
it counts, the roll, each bonus by name and the total against the power. One text for the
terminal, the Discord lines and the fighter's pack, so `[•••] [2] [•••] = 4` is never left
to be guessed (digits count up, pips count down, the difference without its sign).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.i18n import N_, _, n_
from engine.adventure.cards import HELD
from engine.adventure.dice import FACE_VALUE, combat_result

FACES = {"d1": "1", "d2": "2", "d3": "3", "p1": "•", "p2": "••", "p3": "•••"}
BONUS_NAMES = {
    "weapon": N_("best weapon"),
    "defence": N_("Shield/Mithril"),
    "prepared": N_("prepared cards"),
    "talismans": N_("talismans"),
    "bonuses": N_("bonuses"),
}
"""The bonus names of `engine.adventure.fight.bonuses` that are no card, as a player knows
them (the cards among them are named by their card names)."""


def face(die: str) -> str:
    """`[2]`, `[•••]`: a combat die as it shows."""
    return f"[{FACES.get(die, die)}]"


def dice_text(dice: Sequence[str]) -> str:
    return " ".join(face(d) for d in dice)


def bonus_name(key: str) -> str:
    """A bonus of `engine.adventure.fight.bonuses` by the name a player knows."""
    if key in HELD:  # a card (Lantern, Ranger...): its name in the content's catalogue
        return _(HELD[key].name)
    return _(BONUS_NAMES[key]) if key in BONUS_NAMES else key.replace("_", " ")


def _side(digits: bool, values: list[int]) -> str:
    if not values:
        return _("no digits") if digits else _("no pips")
    added = "+".join(map(str, values)) + (f" = {sum(values)}" if len(values) > 1 else "")
    return _("digits {added}", added=added) if digits else _("pips {added}", added=added)


def roll_count(dice: Sequence[str]) -> str:
    """`[•••] [2] [•••]: digits 2, pips 3+3 = 6 → 6 − 2 = 4` (ADV-6 step 4)."""
    digits = [FACE_VALUE[d] for d in dice if FACE_VALUE.get(d, 0) > 0]
    pips = [-FACE_VALUE[d] for d in dice if FACE_VALUE.get(d, 0) < 0]
    high, low = sorted((sum(digits), sum(pips)), reverse=True)
    sums = f"{high} − {low} = {high - low}" if digits and pips else str(high)
    return f"{dice_text(dice)}: {_side(True, digits)}, {_side(False, pips)} → {sums}"


def bonus_text(bonuses: Mapping[str, int]) -> str:
    """`weapon +2, Lantern +1` (empty without bonuses)."""
    return ", ".join(f"{bonus_name(k)} +{n}" for k, n in bonuses.items())


def total_count(result: int, bonuses: Mapping[str, int], power: int | None) -> str:
    """`roll 4 + weapon 2 + Lantern 1 = 7 against power 10: short by 3` (ADV-6 step 5);
    without bonuses `total 4 against power 10: ...`."""
    parts = [_("roll {result}", result=result)]
    parts += [f"{bonus_name(k)} {n}" for k, n in bonuses.items()]
    total = result + sum(bonuses.values())
    text = " + ".join(parts) + f" = {total}" if bonuses else _("total {total}", total=total)
    if power is None:
        return text
    enough = total >= power
    short = power - total  # German counts it: "es fehlt 1", "es fehlen 2"
    verdict = _("enough to win") if enough else n_("short by {n}", "short by {n}", short)
    return _("{count} against power {power}: {verdict}", count=text, power=power, verdict=verdict)


def rerolled_text(rerolled: Sequence[int], before: Sequence[str], after: Sequence[str]) -> str:
    """`die 1 [•] → [••], die 3 [•] → [•••]`: which dice a reroll changed, and how."""
    return ", ".join(
        _("die {i} {before} → {after}", i=i + 1, before=face(before[i]), after=face(after[i]))
        for i in rerolled
        if i < len(before) and i < len(after)
    )


def combat_count(dice: Sequence[str], bonuses: Mapping[str, int], power: int | None) -> str:
    """The whole count in one line: the dice and what each counts, then the total."""
    return f"{roll_count(dice)}; {total_count(combat_result(tuple(dice)), bonuses, power)}."
