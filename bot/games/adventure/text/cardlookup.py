"""`/adventure rules card:` — every card of every deck by name, for Discord's autocomplete and
its answer. The texts are cards.py's, the same the terminal's `card NAME` prints; a value
picked from the list is `deck:id` (a name can stand in two decks: Giant spider), and a name
typed without picking is looked up as the terminal looks it up. Labels are in the reader's
language; what is typed finds a card by its name in English or in the reader's language.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from bot.games.adventure.text.cards import card_help, card_title, deck_name, find_cards, name_ids
from bot.i18n import _, current_locale, n_, use_locale
from bot.service import GameError
from engine.adventure.board import to_id
from engine.adventure.cards import CARDS

LIMIT: Final = 25
"""Choices Discord shows at once."""


def _label(deck: str, cid: str) -> str:
    card = CARDS[(deck, cid)]
    return _("{card} ({deck})", card=card_title(card), deck=deck_name(deck))


@cache
def _choices(locale: str) -> tuple[tuple[str, str, frozenset[str]], ...]:
    """(label in `locale`, value, the name in every language as ids) of every card, by label;
    equal cards of a deck (Wolf ×2) once each. Worked out once per language."""
    with use_locale(locale):
        found = [(_label(d, c), f"{d}:{c}", name_ids(CARDS[(d, c)])) for d, c in CARDS]
    return tuple(sorted(found, key=lambda x: x[0].lower()))


def card_choices(current: str) -> list[tuple[str, str]]:
    """The cards whose label or name in any language holds `current` (any case; accents and
    punctuation optional), labels starting with it first."""
    needle = current.strip().lower()
    plain = to_id(current)
    found = [
        (label, value)
        for label, value, names in _choices(current_locale())
        if needle in label.lower() or any(plain in n for n in names)
    ]
    found.sort(key=lambda pair: not pair[0].lower().startswith(needle))
    return found[:LIMIT]


def card_answer(value: str) -> str:
    """What the picked (or typed) card does, or a GameError saying how to find one."""
    deck, _sep, cid = value.partition(":")
    if (deck, cid) in CARDS:
        return card_help(deck, cid)
    found = find_cards(value)
    if not found:
        shown = value if len(value) <= 40 else value[:39] + "…"
        raise GameError(
            _("No card is called “{name}”: type part of a name and pick from the list.", name=shown)
        )
    if len(found) > 6:
        raise GameError(
            n_(
                "{n} card matches “{name}”: type more of the name.",
                "{n} cards match “{name}”: type more of the name.",
                len(found),
                name=value[:40],
            )
        )
    return "\n".join(card_help(*k) for k in found)
