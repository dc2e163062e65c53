"""What each card does, in our own short words of ADV-10/11: one line per held card for the
pack, and a line for every card of every deck (creatures, events, Money) for `card <name>` in
the terminal and `/adventure rules` in Discord. Looked up by (part of) a name or an id."""

from __future__ import annotations

from typing import Final

from engine.adventure.board import to_id
from engine.adventure.cards import (
    CARDS,
    COIN,
    CREATURE,
    DANGER,
    ENCHANTER,
    GAIN_GP,
    GAIN_LP,
    HELD,
    LOSE_GP,
    LOSE_LP,
    PERIL,
    Card,
)
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

DRAWN: Final[dict[str, str]] = {
    "lost_in_the_woods": "You are moved to the nearest Adventure place (your pick between"
    " equals) and arrive there. A Rope cancels it.",
    "swept_downriver": "You are moved to Gladden Fields and arrive there. A Rope cancels it.",
    "fog": "Back to where your turn began; your turn ends. A Rope cancels it.",
    "friendly_eagle": "If you like, fly to any Haven and arrive there.",
    "hidden_path": "If you like, go to any place up to 4 roads away and arrive there.",
    "raging_fire": "Stay and lose 2 LP (your turn goes on), or go back to where your turn"
    " began (your turn ends).",
    "peddler": "Turn up the top Equipment card: buy it at its price if you like, wherever you are.",
    "evil_conjurer": "It beats you: one talisman of your choice is destroyed (no LP lost).",
    "evil_mage": "You fight it again, a new power each time, until you win; every lost fight"
    " after the fifth costs 1 GP.",
    "old_angry_mage": "It beats you: your weapons go back to the deck, a Weapon-smith on them too.",
}
"""Cards resolved when drawn that need more than a number (ADV-10, ADV-11)."""

DECK_NAMES: Final = {"equipment": "Equipment", "magic": "Magic, secret", "riddle": "Riddle, secret"}

AFTER: Final = {
    PERIL: " A Lantern counts +1 against it.",
    DANGER: " Beaten, you may take a talisman lying there instead of the gold.",
}
"""What a deck's creatures add to the numbers (ADV-5, ADV-6 step 5)."""

SIMPLE: Final = {
    GAIN_GP: "+{} GP at once.",
    LOSE_GP: "−{} GP at once.",
    GAIN_LP: "+{} LP at once (never above 12).",
    LOSE_LP: "−{} LP at once.",
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


def riddle_help(cid: str) -> str:
    """A Riddle card as its holder needs it: what it asks, and which riddles it answers."""
    r = BY_ID[cid]
    return (
        f"{HELD[cid].name}: “{r.text}” Asked, its answer is {r.correct}; it answers a riddle"
        f" whose answer is {' or '.join(r.answers)}."
    )


def _does(card: Card) -> str:
    """What a card of any deck does when drawn or held, from its numbers where it can."""
    gold = f"{card.money} Money card{'s' if card.money != 1 else ''} of gold"
    if card.kind == CREATURE:
        gold = gold if card.money else "no gold"
        return (
            f"A creature: power = green die + {card.power}. Beat it: {gold}; it beats you:"
            f" −{card.loss} LP.{AFTER.get(card.deck, '')}"
        )
    if card.kind == ENCHANTER:
        return (
            f"An enchanter, fought and never avoided: power = green die + {card.power}."
            f" Beat it: {gold}. {DRAWN[card.id]}"
        )
    if card.kind == COIN:
        return f"Money: {card.value} GP, for a beaten creature."
    if card.kind in SIMPLE:
        return SIMPLE[card.kind].format(card.value)
    if card.id in BY_ID:
        return riddle_help(card.id).split(": ", 1)[1]
    return TEXTS.get(card.id) or DRAWN.get(card.id, "")


def card_help(deck: str, cid: str) -> str:
    """`Name (Deck) — what it does`, for any card of any deck."""
    card = CARDS[(deck, cid)]
    where = DECK_NAMES.get(deck, deck.title())
    return f"{card.name} ({where}) — {_does(card)}"


def find_cards(asked: str) -> list[tuple[str, str]]:
    """The (deck, id) of every card named `asked` (name or id, any case or punctuation); else
    of every card whose name holds it. A name in two decks (Giant spider) gives both."""
    needle = to_id(asked)
    if not needle:
        return []
    keys = sorted(CARDS, key=lambda k: CARDS[k].name)
    exact = [k for k in keys if needle in (k[1], to_id(CARDS[k].name))]
    return exact or [k for k in keys if needle in to_id(CARDS[k].name)]
