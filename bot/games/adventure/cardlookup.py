"""`/adventure rules card:` — every card of every deck by name, for Discord's autocomplete and
its answer. The texts are cardtext.py's, the same the terminal's `card NAME` prints; a value
picked from the list is `deck:id` (a name can stand in two decks: Giant spider), and a name
typed without picking is looked up as the terminal looks it up.
"""

from __future__ import annotations

from typing import Final

from bot.games.adventure.cardtext import DECK_NAMES, card_help, find_cards
from bot.service import GameError
from engine.adventure.cards import CARDS

LIMIT: Final = 25
"""Choices Discord shows at once."""


def _label(deck: str, cid: str) -> str:
    return f"{CARDS[(deck, cid)].name} ({DECK_NAMES.get(deck, deck.title())})"


ALL: Final = sorted(((_label(d, c), f"{d}:{c}") for d, c in CARDS), key=lambda x: x[0].lower())
"""(label, value) of every card, by name; equal cards of a deck (Wolf ×2) once each."""


def card_choices(current: str) -> list[tuple[str, str]]:
    """The cards whose label holds `current` (any case), names starting with it first."""
    needle = current.strip().lower()
    found = [pair for pair in ALL if needle in pair[0].lower()]
    found.sort(key=lambda pair: not pair[0].lower().startswith(needle))
    return found[:LIMIT]


def card_answer(value: str) -> str:
    """What the picked (or typed) card does, or a GameError saying how to find one."""
    deck, _, cid = value.partition(":")
    if (deck, cid) in CARDS:
        return card_help(deck, cid)
    found = find_cards(value)
    if not found:
        shown = value if len(value) <= 40 else value[:39] + "…"
        raise GameError(f"No card is called “{shown}”: type part of a name and pick from the list.")
    if len(found) > 6:
        raise GameError(f"{len(found)} cards match “{value[:40]}”: type more of the name.")
    return "\n".join(card_help(*k) for k in found)
