"""A card's name as the reader knows it: the edition's own name in the reader's language."""

from __future__ import annotations

from bot.i18n import GENDER, GENDER_NOTE, GERMAN, current_locale, gender, p_
from engine.loveletter.cards import Card
from engine.loveletter.editions import EDITIONS
from engine.loveletter.editions import edition as get_edition


def card_name(edition_id: str, card_id: str) -> str:
    """`Guardswoman` in English, `Wächterin` for a German reader of the Pegasus edition; an
    edition without German names keeps its published ones (the `card` entries of the
    catalogue). An unknown card is shown as its id."""
    try:
        card = get_edition(edition_id).card(card_id)
    except (KeyError, ValueError):
        return card_id
    return card.german if reads_german_name(card) else p_("card", card.name)


def reads_german_name(card: Card) -> bool:
    """The reader reads the card by its edition's own German name (Pegasus, in German)."""
    return bool(card.german) and current_locale() == GERMAN


def catalogue_entries() -> list[dict[str, object]]:
    """The names no `_` call holds, for the `loveletter` catalogue (`sources.EXTRACTORS`):
    every card's name (context `card`), the L5R titles (`title`) and the editions' titles
    (`edition`), and each card's grammatical gender (`GENDER`: as the reader names the card, the
    Pegasus edition's German name included). The tally words are `n_` calls in
    `text/cards.py`."""
    entries: list[dict[str, object]] = []
    for ed in EDITIONS.values():
        entries.append({"id": ed.title, "context": "edition"})
        for card in ed.cards:
            entries.append({"id": card.name, "context": "card"})
            entries.append({"id": card.name, "context": GENDER, "auto_comments": [GENDER_NOTE]})
            if card.title:
                entries.append({"id": card.title, "context": "title"})
    return entries


def card_gender(edition_id: str, card_id: str) -> str:
    """The grammatical gender of the card's name as the reader reads it (`g_`): der Marschall,
    die Prinzessin, der Eine Ring; Kili and Fili are two (plural)."""
    try:
        return gender(get_edition(edition_id).card(card_id).name)
    except (KeyError, ValueError):
        return gender("")
