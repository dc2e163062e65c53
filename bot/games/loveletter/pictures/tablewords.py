"""The table picture's own words: the marks on a seat and the goal line.

Written in the reader's language when a table is built (the public table: the server's
language). A mark keeps its kind apart from its words, since its colour goes by the kind
(`seats.BADGE_COLOURS`) and the words change with the language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n import N_, _, n_

# Marks, as a seat's pills say them.
MARK_WORDS = {
    # TRANSLATORS: the marks are pills on a seat's panel, in capitals: keep them short.
    "TURN": N_("TURN"),
    "TO DECIDE": N_("TO DECIDE"),
    "SITS OUT": N_("SITS OUT"),
    "OUT": N_("OUT"),
    "PROTECTED": N_("PROTECTED"),
    "JESTER": N_("JESTER · {name}"),
    "FLATTERED": N_("FLATTERED"),
    "WON": N_("WON"),
    "SAT OUT": N_("SAT OUT"),
}
# The goal in each edition's own tally: a whole sentence each, since the tally words differ
# in gender and plural from one language to another.
GOALS: dict[str, Callable[[int], str]] = {
    "hobbit": lambda n: n_("First to {n} crown wins", "First to {n} crowns wins", n),
    "l5r": lambda n: n_(
        "First to {n} token of affection wins", "First to {n} tokens of affection wins", n
    ),
    "pegasus": lambda n: n_("First to {n} heart wins", "First to {n} hearts wins", n),
}


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark on a seat: what it is (TURN, OUT, JESTER, ...: its colour) and its words."""

    kind: str
    text: str


def mark(kind: str, **values: str) -> Mark:
    """The mark of `kind` (a key of `MARK_WORDS`) in the reader's language."""
    return Mark(kind, _(MARK_WORDS[kind], **values))


def goal(edition_id: str, target: int) -> str:
    """ "First to 5 crowns wins", in the edition's tally and the reader's language."""
    return GOALS[edition_id](target)
