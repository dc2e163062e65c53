"""A sentence the engine says to a player (why a decision is refused), in English, that keeps
its template and values so that the bot can say it in the reader's language.

The engine imports nothing of the bot: it writes `_("You need {price} GP.", price=3)` with this
module's `_`, which fills in the English at once (a `Said` is a `str`, so everything that shows
or compares reasons keeps working) and keeps what a translation needs: the template (extracted
into the `adventure` catalogue by the same `_` keyword) and the values, of which a `Said` is
itself translated (a place's name, a card's name, a colour).
"""

from __future__ import annotations


class Said(str):
    """The English sentence; `template` and `values` say it again in another language."""

    template: str
    values: dict[str, object]
    context: str | None = None
    """A message context (`at place`) where one English text needs its own German ones."""

    def __new__(cls, template: str, /, **values: object) -> Said:
        said = super().__new__(cls, template.format(**values) if values else template)
        said.template = template
        said.values = values
        return said


def _(template: str, /, **values: object) -> Said:
    """`template` with its `{placeholders}` filled, for the catalogue and the reader."""
    return Said(template, **values)


def named(name: str) -> Said:
    """A name of the game's data (a place, a card) filled into a sentence: translated by the
    content's catalogue where it is shown."""
    return Said(name)


PREPOSITIONS = ("to", "from", "at")
"""The prepositions a place's name follows in the game's sentences."""


def place_phrase(preposition: str, name: str) -> Said:
    """`at Rivendell`: a place's name after a preposition, translated as one message (context
    `at place`), since German turns the name with its article and case: "im Alten Wald"."""
    said = Said(f"{preposition} {name}")
    said.context = f"{preposition} place"
    return said
