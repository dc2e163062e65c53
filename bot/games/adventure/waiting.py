"""What the game waits for, in words: the pending decision's kind, and the fight or the riddle
duel under way, read from a view (public parts only)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.adventure import text
from bot.games.adventure.combat import dice_text
from engine.adventure.dice import combat_result
from engine.adventure.riddles import BY_ID
from storage import Game as GameRecord

KINDS = {
    "roll": "roll the movement die",
    "travel": "choose where to travel, or rest",
    "riddle": "riddle a hobbit here, or take the place's action",
    "haven": "choose the Haven's offer",
    "village": "visit the Village",
    "offer": "accept or refuse the price for the Jewellery",
    "buy": "choose what to buy",
    "fight": "fight or avoid the creature",
    "prepare": "prepare for the fight",
    "reroll": "reroll dice or keep the roll",
    "prize": "choose the prize",
    "spoils": "choose the spoils",
    "challenge": "choose a riddle to ask",
    "answer": "answer the riddle",
    "counter": "end the duel or ask a riddle back",
    "fire": "stay in the fire or flee",
    "rope": "keep the Rope or decline",
    "lost": "choose the way out of the woods",
    "lose_talisman": "choose the talisman to lose",
    "special": "choose where to go, or stay",
    "smith": "choose the weapon for the Weapon-smith",
}


def fight_line(
    v: Mapping[str, Any], names: Mapping[str, str], viewer: str | None = None, dice: bool = True
) -> str | None:
    """`⚔️ ann fights Hill troll — power 10; dice [•] [1] [•] = 1` (`dice` False: without
    the dice, where the whole count follows)."""
    f = v.get("fight")
    if not f:
        return None
    you = f["fighter"] == viewer
    who = "You" if you else names.get(f["fighter"], f["fighter"])
    creature = text.card_name(f["card"], f["deck"] or None)
    line = f"⚔️ {who} {'fight' if you else 'fights'} {creature}"
    if f.get("chased"):
        line += f" (chased to {'you' if you else 'them'})"
    if f.get("power") is not None:
        line += f" — power {f['power']}"
    if dice and f.get("dice"):
        line += f"; dice {dice_text(f['dice'])} = {combat_result(f['dice'])}"
    return line


def duel_line(v: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    d = v.get("duel")
    if not d:
        return None
    a, b = names.get(d["challenger"], "?"), names.get(d["challenged"], "?")
    line = f"❓ Riddle duel: {a} challenges {b}"
    if d.get("riddle"):
        r = BY_ID[d["riddle"]]
        line += f": “{r.text}” (answer: {r.correct})"
    return line


def waiting_line(v: Mapping[str, Any], pid: str, who: str, seats: Mapping[str, Any]) -> str:
    names = {p: s.name for p, s in seats.items()}
    pending = v.get("pending") or {}
    kind = pending.get("kind", "")
    lines = [f"⏳ Waiting for {who} to {KINDS.get(kind, 'decide')}."]
    for extra in (fight_line(v, names), duel_line(v, names)):
        if extra:
            lines.append(extra)
    return "\n".join(lines)


def deadline_text(record: GameRecord, then: str, *, own: bool = False) -> str:
    """` Time: until <t:…:R>, then …` (Discord shows it in the reader's time); "" without a
    timer. `own`: a decision out of turn, whose deadline is its own, not the turn's."""
    if record.turn_deadline is None or record.timer_seconds <= 0:
        return ""
    which = "This decision has its own deadline" if own else "Your time runs out"
    return f" {which} <t:{int(record.turn_deadline)}:R>; then {then}."
