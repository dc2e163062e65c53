"""The small words the engine keeps as ids (talisman colours, decks, dice, reasons for a change
of LP or GP, place kinds), as the reader reads them.

The engine speaks in ids (`"blue"`, `"peril"`, `"haven"`); the sentences around them are
translated where they are written, and these words are filled into them. Marked with `N_`
here (they are constants) and translated on every use, in the reader's locale.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import N_, _

TITLE = N_("The Hobbit Adventure Boardgame")
"""The game's name, as the table, the lobby and the live table title it."""

TALISMAN_COLOURS = {
    "blue": N_("blue"),
    "green": N_("green"),
    "red": N_("red"),
    "yellow": N_("yellow"),
}
DECKS = {
    "adventure": N_("Adventure"),
    "peril": N_("Peril"),
    "danger": N_("Danger"),
    "equipment": N_("Equipment"),
    "riddle": N_("Riddle"),
    "magic": N_("Magic"),
    "rest": N_("Rest"),
    "dragon": N_("Dragon"),
    "money": N_("Money"),
}
DICE = {"movement": N_("movement die"), "green": N_("green die")}
ROLLED_FOR = {"power": N_("power"), "jewellery": N_("Jewellery price")}
REASONS = {
    "haven": N_("Haven"),
    "pipe": N_("pipe"),
    "money": N_("money"),
    "talisman": N_("talisman"),
    "jewellery": N_("Jewellery"),
    "bought": N_("bought"),
    "smith_failed": N_("smith failed"),
    "dragon": N_("lost to the Dragon"),
}
"""Why LP or GP changed, where the reason is no card."""
KINDS = {
    ("haven", None): N_("Haven"),
    ("village", "men"): N_("Village of Men"),
    ("village", "hobbits"): N_("Village of Hobbits"),
    ("village", "dwarves"): N_("Village of Dwarves"),
    ("adventure", None): N_("Adventure"),
    ("peril", None): N_("Peril"),
    ("danger", None): N_("Danger"),
    ("lair", None): N_("Lair"),
}
"""A place's kind (and its people), as a travel option reads it."""


def colour(c: str | None) -> str:
    """A talisman's colour as a word standing alone or in a list (`blue`, German `Blau`)."""
    if c is None:
        return ""
    return _(TALISMAN_COLOURS[c]) if c in TALISMAN_COLOURS else c


def colours(cs: Iterable[str]) -> str:
    """`blue, red` (empty when there are none)."""
    return ", ".join(colour(c) for c in cs)


def deck(d: str | None) -> str:
    """A deck's name (`Peril`) for `a Peril card`, `under the Peril deck`."""
    if not d:
        return ""
    return _(DECKS[d]) if d in DECKS else d.title()


def die(d: str) -> str:
    return _(DICE[d]) if d in DICE else d


def word(table: dict[str, str], key: str) -> str:
    """A word of one of the tables above; an id that is in none shows as its words."""
    return _(table[key]) if key in table else key.replace("_", " ")


def kind(k: str, people: str | None) -> str:
    """`Village of Men`, `Haven`: a place's kind in words."""
    found = KINDS.get((k, people))
    return _(found) if found else k.title()


KIND_WORDS = {
    "haven": N_("haven"),
    "village": N_("village"),
    "adventure": N_("adventure"),
    "peril": N_("peril"),
    "danger": N_("danger"),
    "lair": N_("lair"),
}
"""A place's kind in a terminal option (`Travel to Bree ⬟ village`)."""
