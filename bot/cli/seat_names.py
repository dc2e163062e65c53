"""Names at a terminal table: the player's own (`play --name`) and the AI opponents', so that
no seat is blank and no two rows read alike whatever name the player picks."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice

from bot.i18n import _, p_

MAX_NAME = 20
"""Characters a name may have: it must fit the table's name column."""
DEFAULT_NAME = "You"
"""`--name` unless given (Love Letter's renderers say "you" to the seat named so)."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a seat (one line for `play: ...`), or None when it can."""
    if not name.strip():
        return _("--name must not be blank")
    if not name.isprintable():
        return _("--name must be printable text (no tabs, newlines or control characters)")
    if len(name) > MAX_NAME:
        return _("--name may have at most {most} characters, not {n:,}", most=MAX_NAME, n=len(name))
    return None


def own_name(name: str) -> str:
    """DEFAULT_NAME for a `--name` that is the word for the player themself ("you", "YOU",
    the reader's own word such as "du"): that seat is shown as the reader's, and the name
    beside "(you)" would say it twice ("you (you)"). Any other name as given."""
    word = " ".join(name.split()).casefold()
    if word in (DEFAULT_NAME.casefold(), p_("seat name", "you").casefold()):
        return DEFAULT_NAME
    return name


def _key(name: str) -> str:
    """What makes two names look the same: case, spacing and a "(level)" after it aside."""
    return " ".join(name.split(" (", 1)[0].casefold().split())


def others(candidates: Iterable[str], player: str, count: int) -> list[str]:
    """The first `count` candidate names that do not read as the player's name."""
    return list(islice((c for c in candidates if _key(c) != _key(player)), count))
