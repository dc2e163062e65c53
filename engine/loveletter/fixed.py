"""What stays fixed for a whole game, shared by all of its states.

`Game` holds the edition, options, seed and who sits where, so cloning a state copies one
reference instead of several fields. `Seating` is shared by every game of the same edition
with the same player ids (interned): it keeps the legal-move memo and the per-seat events
that only depend on the seat, so they survive from one game to the next.
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Sequence
from typing import Any

from engine.loveletter import events as E
from engine.loveletter.editions import EDITIONS

_SEATINGS: dict[tuple[str, tuple[str, ...]], Seating] = {}
_SEATINGS_LIMIT = 2_000
# Every seating still in use, also those dropped from `_SEATINGS` while their games go on:
# clearing the memos must reach them all, or the memo budget would not bound memory.
_ALIVE: weakref.WeakSet[Seating] = weakref.WeakSet()


class Seating:
    """Player ids in seat order for one edition, with memos keyed by seat."""

    __slots__ = (
        *("edition", "ids", "index", "legal", "turn_started", "protected", "dealt"),
        "__weakref__",
    )

    def __init__(self, edition: str, ids: tuple[str, ...]) -> None:
        self.edition, self.ids = edition, ids
        self.index = {p: i for i, p in enumerate(ids)}
        # legal-move memos (see legal.legal_set): for a deck of up to 4 players, and of 5+
        self.legal: tuple[dict[Any, Any], dict[Any, Any]] = ({}, {})
        self.turn_started = tuple(E.TurnStarted(p) for p in ids)
        self.protected = tuple(E.Protected(p) for p in ids)
        # per seat: card id -> that seat's CardDealt event (a round's deal looks them up)
        cards = {c.id for c in EDITIONS[edition].cards} if edition in EDITIONS else set()
        self.dealt = tuple({c: E.CardDealt(p, c) for c in cards} for p in ids)


def seating(edition: str, ids: tuple[str, ...]) -> Seating:
    """The shared `Seating` of these ids (the memo table is bounded)."""
    found = _SEATINGS.get((edition, ids))
    if found is None:
        if len(_SEATINGS) >= _SEATINGS_LIMIT:
            _SEATINGS.clear()
        found = _SEATINGS[edition, ids] = Seating(edition, ids)
        _ALIVE.add(found)
    return found


def clear_legal_memos() -> None:
    """Empty the legal-move memos of every seating in use (`legal` bounds their total size)."""
    for s in list(_ALIVE):
        for memo in s.legal:
            memo.clear()


class Game:
    """Edition, options, seed, ids and names of one game; never changed once made."""

    __slots__ = (
        *("edition", "options", "seed", "seed_hash", "ids", "names", "index", "seating"),
        "turn_started",  # the seating's, one attribute nearer
        "target",  # tokens that win this game (HOB-2, L5R-2, PEG-2); None: no such table
    )

    def __init__(
        self, edition: str, options: dict[str, str], seed: int, ids: tuple[str, ...],
        names: tuple[str, ...],
    ) -> None:  # fmt: skip
        self.edition, self.options, self.seed = edition, options, seed
        # every round's deal hashes f"{seed}/{round_no}" (deals.entropy): the seed's part is
        # hashed once, by digest size (16 and 32 bytes), and copied for each round
        start = f"{seed}/".encode()
        self.seed_hash = {size: hashlib.blake2b(start, digest_size=size) for size in (16, 32)}
        self.ids, self.names = ids, names
        self.seating = seating(edition, ids)
        self.index = self.seating.index
        self.turn_started = self.seating.turn_started
        ed = EDITIONS.get(edition)
        playable = ed is not None and ed.min_players <= len(ids) <= ed.max_players
        self.target = ed.target(len(ids)) if ed is not None and playable else None


def game_of(
    edition: str, options: dict[str, str], seed: int, ids: Sequence[str], names: Sequence[str]
) -> Game:
    return Game(edition, options, seed, tuple(ids), tuple(names))
