"""What each held card does, in one short line for the pack (our own wording of ADV-10/11)."""

from __future__ import annotations

from typing import Final

from engine.adventure.cards import HELD
from engine.adventure.riddles import BY_ID

TEXTS: Final[dict[str, str]] = {
    "thunder_of_light": "Before a fight: send the creature to the nearest other hobbit.",
    "adan_wind_horn": "Before a fight: send the creature to the nearest other hobbit.",
    "shadow_shield": "Refuse a fight with a creature, or a riddle duel.",
    "scroll_of_minds": "+4 in a fight (not the Dragon); or take something from a hobbit here.",
    "dragon_bane_rune": "+2 against the Dragon.",
    "elven_cloak": "+1 in every fight (shown once it counts).",
    "athelas": "Any time: heal 3 LP.",
    "wizard_s_counsel": "+3 against the Dragon.",
    "swift_as_the_wind": "Instead of travelling: move up to 5 roads.",
    "blessing": "+2 in one fight.",
    "potion_2": "+2 in one fight, or heal 2 LP.",
    "potion_3": "+3 in one fight, or heal 3 LP.",
    "lantern": "+1 against Peril creatures.",
    "rope": "Cancels one forced movement.",
    "pipe": "+1 LP when you rest.",
    "sword": "+1 in fights (best weapon counts).",
    "axe": "+1 in fights (best weapon counts).",
    "shield": "+1 in fights.",
    "mithril_shirt": "+1 in fights; lose 1 LP less to creatures.",
    "horse": "+1 to your travel roll.",
    "jewellery": "Sell it at a Village.",
    "dwarf_companion": "+1 in fights until you lose one.",
    "ranger": "+2 in your next fight.",
    "sword_master": "+1 more with a Sword.",
    "axe_master": "+1 more with an Axe.",
    "weapon_smith": "+1 more on one weapon.",
}


def card_text(cid: str) -> str:
    """`Name — what it does`; a Riddle card shows its riddle and its answers."""
    if cid in BY_ID:
        r = BY_ID[cid]
        return f"“{r.text}” — answers: {', '.join(r.answers)}"
    card = HELD.get(cid)
    name = card.name if card else cid
    text = TEXTS.get(cid)
    return f"{name} — {text}" if text else name
