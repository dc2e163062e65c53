"""Names at a terminal table: the player's own (`play --name`) and the AI opponents', so that
no seat is blank and no two rows read alike whatever name the player picks."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice

MAX_NAME = 20
"""Characters a name may have: it must fit the table's name column."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a seat (one line for `play: ...`), or None when it can."""
    if not name.strip():
        return "--name must not be blank"
    if not name.isprintable():
        return "--name must be printable text (no tabs, newlines or control characters)"
    if len(name) > MAX_NAME:
        return f"--name may have at most {MAX_NAME} characters, not {len(name):,}"
    return None


def _key(name: str) -> str:
    """What makes two names look the same: case, spacing and a "(level)" after it aside."""
    return " ".join(name.split(" (", 1)[0].casefold().split())


def others(candidates: Iterable[str], player: str, count: int) -> list[str]:
    """The first `count` candidate names that do not read as the player's name."""
    return list(islice((c for c in candidates if _key(c) != _key(player)), count))
