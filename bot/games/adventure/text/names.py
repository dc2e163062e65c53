"""The names a reader reads: places, cards (with their grammatical gender), hobbits as "You" or
by id, talismans, and why LP or GP changed, in the reader's language (the decisions' labels are
in `labels.py`, the events' lines in `events.py`)."""

from __future__ import annotations

from bot.games.adventure.text import words
from bot.i18n import _, gender, p_
from engine.adventure import board as B
from engine.adventure.cards import CARDS, HELD


def place(pid: str) -> str:
    """A place's name in the reader's language (the names are the content's catalogue)."""
    return _(B.PLACES[pid].name) if pid in B.PLACES else pid


def card_name(cid: str | None, deck: str | None = None) -> str:
    if cid is None:
        return _("a card")
    if cid == "dragon":
        return _("the Dragon")
    english = english_name(cid, deck)
    return _(english) if english is not None else cid


DRAGON = "Dragon"
"""The Dragon's name as its gender entry knows it (it is no card)."""


def english_name(cid: str, deck: str | None = None) -> str | None:
    """The English name of a card (`deck` tells apart a name two decks share), or None."""
    if cid == "dragon":
        return DRAGON
    if deck and (deck, cid) in CARDS:
        return CARDS[(deck, cid)].name
    if cid in HELD:
        return HELD[cid].name
    return next((c.name for (_unused, i), c in CARDS.items() if i == cid), None)


def card_gender(cid: str | None, deck: str | None = None) -> str:
    """The grammatical gender of a card's (or the Dragon's) name in the reader's language, for
    `g_`: der Wolf, die Riesenspinne, die Höhlenfledermäuse (plural)."""
    return gender(english_name(cid, deck) or "") if cid else gender("")


NAMED = ("shadow_shield", "weapon_smith", "rope", "jewellery", "swift_as_the_wind")
"""Cards the sentences here name (`{rope}`): filled in by their names in the reader's language,
as the content's catalogue has them, so a sentence and the card agree."""


def named() -> dict[str, str]:
    """The cards of `NAMED` by name, for a template that names one."""
    return {cid: card_name(cid) for cid in NAMED}


def who(pid: str | None, me: str) -> str:
    """A hobbit opening a sentence: the reader is "You"."""
    return _("You") if pid == me else str(pid)


def whom(pid: str | None, me: str) -> str:
    """A hobbit inside a sentence (to or from whom): the reader is "you"."""
    return p_("to or from whom", "you") if pid == me else str(pid)


def reason(why: str) -> str:
    """Why LP or GP changed: a card by its name ("Good Night's Sleep"), else the words."""
    if why == "dragon":  # no card: "(lost to the Dragon)", German turns the Dragon by case
        return words.word(words.REASONS, why)
    name = card_name(why)
    return name if name != why else words.word(words.REASONS, why)


def talisman(c: str | None) -> str:
    """`the blue talisman` inside a sentence."""
    return _("the {colour} talisman", colour=words.colour(c))
