"""What the game waits for, in words: the pending decision's kind, and the fight or the riddle
duel under way, read from a view (public parts only)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.adventure.text.combat import dice_text
from bot.games.adventure.text.names import card_name
from bot.i18n import N_, _
from engine.adventure.dice import combat_result
from engine.adventure.riddles import BY_ID
from engine.adventure.view import AdventureView, typed
from storage import Game as GameRecord

KINDS = {
    "roll": N_("roll the movement die"),
    "travel": N_("choose where to travel, or rest"),
    "riddle": N_("riddle a hobbit here, or take the place's action"),
    "haven": N_("choose the Haven's offer"),
    "village": N_("visit the Village"),
    "offer": N_("accept or refuse the price for the Jewellery"),
    "buy": N_("choose what to buy"),
    "fight": N_("fight or avoid the creature"),
    "prepare": N_("prepare for the fight"),
    "reroll": N_("reroll dice or keep the roll"),
    "prize": N_("choose the prize"),
    "spoils": N_("choose the spoils"),
    "challenge": N_("choose a riddle to ask"),
    "answer": N_("answer the riddle"),
    "counter": N_("end the duel or ask a riddle back"),
    "fire": N_("stay in the fire or flee"),
    "rope": N_("keep the Rope or decline"),
    "lost": N_("choose the way out of the woods"),
    "lose_talisman": N_("choose the talisman to lose"),
    "special": N_("choose where to go, or stay"),
    "smith": N_("choose the weapon for the Weapon-smith"),
}
"""What each pending kind asks for, in English as marked (the terminal reads them so);
`kind_text` says one in the reader's language."""


def kind_text(kind: str | None) -> str:
    """What a pending decision of `kind` asks for (`roll the movement die`)."""
    return _(KINDS[kind]) if kind in KINDS else _("decide")


def fight_line(
    view: AdventureView | Mapping[str, Any],
    names: Mapping[str, str],
    viewer: str | None = None,
    dice: bool = True,
) -> str | None:
    """`⚔️ ann fights Hill troll — power 10; dice [•] [1] [•] = 1` (`dice` False: without
    the dice, where the whole count follows)."""
    f = typed(view).fight
    if not f:
        return None
    you = f.fighter == viewer
    fighter = str(f.fighter)
    values: dict[str, object] = {
        "who": names.get(fighter, fighter),
        "creature": card_name(f.card, f.deck or None),
    }
    parts = [
        _("⚔️ You fight {creature}", **values) if you else _("⚔️ {who} fights {creature}", **values)
    ]
    if f.chased:
        parts.append(_(" (chased to you)") if you else _(" (chased to them)"))
    if f.power is not None:
        parts.append(_(" — power {power}", power=f.power))
    if dice and f.dice:
        parts.append(
            _(
                "; dice {dice} = {result}",
                dice=dice_text(f.dice),
                result=combat_result(f.dice),
            )
        )
    return "".join(parts)


def duel_line(view: AdventureView | Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    d = typed(view).duel
    if not d:
        return None
    a, b = names.get(str(d.challenger), "?"), names.get(str(d.challenged), "?")
    if not d.riddle:
        return _("❓ Riddle duel: {a} challenges {b}", a=a, b=b)
    r = BY_ID[d.riddle]
    return _(
        "❓ Riddle duel: {a} challenges {b}: “{text}” (answer: {answer})",
        a=a,
        b=b,
        text=_(r.text),
        answer=_(r.correct),
    )


def waiting_line(
    view: AdventureView | Mapping[str, Any], pid: str, who: str, seats: Mapping[str, Any]
) -> str:
    names = {p: s.name for p, s in seats.items()}
    v = typed(view)
    kind = v.pending.kind if v.pending else None
    lines = [_("⏳ Waiting for {who} to {what}.", who=who, what=kind_text(kind))]
    for extra in (fight_line(v, names), duel_line(v, names)):
        if extra:
            lines.append(extra)
    return "\n".join(lines)


def deadline_text(record: GameRecord, then: str, *, own: bool = False) -> str:
    """` Time: until <t:…:R>, then …` (Discord shows it in the reader's time); "" without a
    timer. `own`: a decision out of turn, whose deadline is its own, not the turn's.
    `then` is already in the reader's words."""
    if record.turn_deadline is None or record.timer_seconds <= 0:
        return ""
    at = f"<t:{int(record.turn_deadline)}:R>"
    if own:
        return _(" This decision has its own deadline {at}; then {then}.", at=at, then=then)
    return _(" Your time runs out {at}; then {then}.", at=at, then=then)
