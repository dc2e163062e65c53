"""The Hobbit Adventure's content in the reader's language: names and texts from the engine.

The engine keeps its data in English (place names, card names, riddles and their answer
words, talisman colours, place kinds, peoples, decks): it is the scenario format's and the
replays' language. The bot shows any of them as `_(english)` where it is read, so the
`adventure_content` catalogue's message ids are exactly these English strings; `messages()`
lists them for it (registered in bot/i18n/sources.py, EXTRACTORS).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from bot.games.adventure.text.names import DRAGON
from bot.games.adventure.text.places import phrases
from bot.i18n import ENGLISH, GENDER, GENDER_NOTE, LOCALES, _
from bot.i18n.catalogues import translations
from engine.adventure import board as B
from engine.adventure.cards import DECK_LISTS, DECKS, GOODS_PEOPLE
from engine.adventure.riddles import BY_ID, RIDDLES
from engine.adventure.state import COLOURS


def riddle_text(rid: str) -> str:
    """What a Riddle card asks, in the reader's language."""
    return _(BY_ID[rid].text)


def answer_words(rid: str) -> list[str]:
    """A Riddle card's answer words (its correct answer first), in the reader's language."""
    return [_(word) for word in BY_ID[rid].answers]


BOARD, CARDS, RIDDLE_FILE, STATE = (
    f"engine/adventure/{name}.py" for name in ("board", "cards", "riddles", "state")
)


def in_every_language(english: str) -> frozenset[str]:
    """A name or text of the engine as every language the bot speaks writes it, whatever the
    reader's locale: what finds a card typed in either language, and what a leak check looks
    for."""
    others = (translations(lang).gettext(english) for lang in LOCALES if lang != ENGLISH)
    return frozenset({english, *others})


def _words() -> Iterator[tuple[str, str, str]]:
    """(English text, what it is, its file) for every piece of content a player may read."""
    for place in B.PLACES.values():
        yield place.name, "place", BOARD
    for kind in B.KINDS:
        yield kind, "place kind", BOARD
    for people in (*B.PEOPLES, *(p for p in GOODS_PEOPLE.values() if p)):
        yield people, "people of a Village", BOARD
    for deck in DECKS:
        yield deck, "deck", CARDS
    for cards in DECK_LISTS.values():
        for card in cards:
            yield card.name, f"card ({card.deck})", CARDS
    for riddle in RIDDLES:
        yield riddle.text, f"riddle {riddle.id}", RIDDLE_FILE
        for word in riddle.answers:
            yield word, "riddle answer word", RIDDLE_FILE
    for colour in COLOURS:
        yield colour, "talisman colour", STATE


def _unique(found: Iterable[tuple[str, str, str]]) -> dict[str, tuple[list[str], str]]:
    """Each text once, with everything it names (a name in two decks: Giant spider)."""
    out: dict[str, tuple[list[str], str]] = {}
    for text, what, path in found:
        whats = out.setdefault(text, ([], path))[0]
        if what not in whats:
            whats.append(what)
    return out


def messages() -> list[dict[str, object]]:
    """The `adventure_content` catalogue's messages from the engine's data (Babel `Catalog.add`
    keyword dicts), each with a comment saying what it names for the translator; then every
    place after each preposition (bot/games/adventure/text/places.py), with its context; then each
    card's grammatical gender."""
    names: list[dict[str, object]] = [
        {"id": text, "auto_comments": [", ".join(whats)], "locations": [(path, 0)]}
        for text, (whats, path) in _unique(_words()).items()
    ]
    placed: list[dict[str, object]] = [
        {"id": said.template, "context": said.context, "auto_comments": [PHRASE_NOTE]}
        for said in phrases()
    ]
    return names + placed + genders()


def genders() -> list[dict[str, object]]:
    """A gender entry for every card's name and the Dragon's (`gender`, `g_`)."""
    cards = (card.name for cards in DECK_LISTS.values() for card in cards)
    return [
        {"id": name, "context": GENDER, "auto_comments": [GENDER_NOTE]}
        for name in dict.fromkeys([DRAGON, *cards])
    ]


PHRASE_NOTE = (
    "a place after a preposition, filled into sentences whole: German gives the place its "
    "article and case here (nach Bruchtal, zum Alten Wald, zu den Grauen Anfurten)"
)
