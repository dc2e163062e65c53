"""Each edition's colours and words on the pictures: our own scheme, not the published art.

Hobbit: parchment, forest green and gold. L5R: rice paper, lacquer red and black. Pegasus:
rose paper, royal blue and rose. A scheme is plain data, so a new edition is one entry.
Card names are the reader's (`card_name`): a German reader of the Pegasus edition reads only
its German names, an English reader the English ones with the German under them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.games.loveletter.pictures.source import Card, edition
from bot.games.loveletter.text.cardnames import card_name, reads_german_name
from bot.i18n import ENGLISH, N_, _, current_locale, p_

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Scheme:
    """The colours of one edition's cards and table."""

    paper: RGB  # card face
    ink: RGB  # text on the card face
    accent: RGB  # frame, value disc, symbol
    accent_ink: RGB  # text on the accent colour
    gold: RGB  # highlights: the value disc's ring, winners
    panel: RGB  # the picture area behind the symbol
    table: RGB  # the table picture's background
    table_ink: RGB  # text on the table background
    tally: str  # the tally icon: crown, mon (a round crest) or heart
    short: str  # the edition's short title on the pictures (marked N_: translate on use)


SCHEMES: dict[str, Scheme] = {
    "hobbit": Scheme(
        paper=(242, 232, 205),
        ink=(46, 38, 24),
        accent=(39, 84, 52),
        accent_ink=(246, 238, 214),
        gold=(201, 160, 58),
        panel=(222, 208, 168),
        table=(30, 48, 36),
        table_ink=(236, 228, 204),
        tally="crown",
        short=N_("The Hobbit"),
    ),
    "l5r": Scheme(
        paper=(245, 239, 226),
        ink=(28, 24, 22),
        accent=(142, 27, 27),
        accent_ink=(250, 244, 232),
        gold=(196, 154, 66),
        panel=(232, 220, 198),
        table=(40, 22, 22),
        table_ink=(242, 232, 216),
        tally="mon",
        short=N_("Legend of the Five Rings"),
    ),
    "pegasus": Scheme(
        paper=(248, 238, 240),
        ink=(36, 30, 48),
        accent=(44, 62, 120),
        accent_ink=(248, 240, 244),
        gold=(214, 92, 124),
        panel=(236, 218, 226),
        table=(30, 34, 62),
        table_ink=(238, 232, 244),
        tally="heart",
        short=N_("Pegasus"),
    ),
}

# Shared colours of the marks every edition uses.
OUT_RED: RGB = (196, 48, 48)
SHIELD_BLUE: RGB = (58, 120, 196)
JESTER_PURPLE: RGB = (142, 68, 173)
FORCED_GOLD: RGB = (232, 178, 40)
MUTED: RGB = (128, 128, 128)

# What a small card (discard piles) calls a card whose name does not fit it, in the reader's
# language. A German Pegasus name needs none: the German names fit.
SHORT_NAMES: dict[tuple[str, str], Callable[[], str]] = {
    ("hobbit", "bilbo"): lambda: p_("short card name", "Bilbo"),
    ("hobbit", "thorin"): lambda: p_("short card name", "Thorin"),
    ("hobbit", "kili_fili"): lambda: p_("short card name", "Kili & Fili"),
    ("hobbit", "gandalf"): lambda: p_("short card name", "Gandalf"),
    ("hobbit", "legolas"): lambda: p_("short card name", "Legolas"),
    ("hobbit", "bard"): lambda: p_("short card name", "Bard"),
    ("hobbit", "one_ring"): lambda: p_("short card name", "One Ring"),
    ("pegasus", "dowager_queen"): lambda: p_("short card name", "Dowager"),
}


def scheme(edition_id: str) -> Scheme:
    return SCHEMES[edition_id]


def card(edition_id: str, card_id: str) -> Card:
    """The card's data; KeyError (naming the edition) for an id the edition lacks."""
    return edition(edition_id).card(card_id)


def edition_short(s: Scheme) -> str:
    """The edition's short title in the reader's language."""
    return _(s.short)


def title(c: Card) -> str:
    """An L5R card's title ("Guard") in the reader's language (the `title` entries)."""
    return p_("title", c.title)


def short_name(edition_id: str, card_id: str) -> str:
    """The name on a small card: the L5R title, else the name or a short form of it."""
    c = card(edition_id, card_id)
    short = SHORT_NAMES.get((edition_id, card_id))
    if short and not reads_german_name(c):
        return short()
    return title(c) if c.title else card_name(edition_id, card_id)


def _english_and_german(c: Card) -> bool:
    """An English reader of Pegasus sees the German name too (when it is another word)."""
    return bool(c.german) and c.german != c.name and current_locale() == ENGLISH


def small_names(edition_id: str, card_id: str) -> tuple[str, str]:
    """(name, second name) on a small card: the short name and, for Pegasus in English, the
    German name the full face shows too (empty when it is the same word)."""
    c = card(edition_id, card_id)
    return short_name(edition_id, card_id), c.german if _english_and_german(c) else ""


def face_names(edition_id: str, card_id: str) -> tuple[str, str]:
    """(big name, second line) as the text shows them: L5R title and person, Pegasus
    English and German name in English (once when they are the same) and the German name
    alone in German, Hobbit the name alone."""
    c = card(edition_id, card_id)
    name = card_name(edition_id, card_id)
    if c.title:
        return title(c), name
    if _english_and_german(c):
        return name, c.german
    return name, ""
