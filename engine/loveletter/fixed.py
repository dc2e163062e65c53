"""What stays fixed for a whole game, shared by all of its states.

`Game` holds the edition, options, seed and who sits where, so cloning a state copies one
reference instead of several fields. `Seating` is shared by every game of the same edition
with the same player ids (interned) while any of them lives: it keeps the legal-move memo and
the per-seat events that only depend on the seat, so they survive from one game to the next
(a rematch, an AI's playouts, a benchmark's games).

A seating lives as long as a game (a state) holds it, no longer: a bot sees new player ids
with nearly every game, and each seating kept after its games ended was ~25-90 more objects
for every full garbage collection to walk (2,000 were kept: README "Performance").
"""

from __future__ import annotations

import hashlib
import weakref
from collections.abc import Sequence
from typing import Any

from engine.loveletter import events as E
from engine.loveletter.editions import EDITIONS

_SEATINGS: weakref.WeakValueDictionary[tuple[str, tuple[str, ...]], Seating] = (
    weakref.WeakValueDictionary()
)
"""Every seating some game still holds (clearing the memos reaches them all)."""


class _Held:
    """Legal-move memo entries the living seatings hold: `legal` counts each it makes and
    bounds the total; a seating that dies with its games takes its own off (so the budget
    counts what is held, not what was)."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries = 0


MEMO_HELD = _Held()


def _gone(memos: tuple[dict[Any, Any], dict[Any, Any]]) -> None:
    MEMO_HELD.entries -= len(memos[0]) + len(memos[1])


class _Dealt(dict[str, "E.CardDealt"]):
    """One seat's CardDealt events by card, each made when that card is first dealt to it."""

    __slots__ = ("player",)

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, card: str) -> E.CardDealt:
        made = self[card] = E.CardDealt(self.player, card)
        return made


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
        # per seat: card id -> that seat's CardDealt event (a round's deal looks them up); made
        # as dealt, not all of the edition's cards up front (most are never dealt to a seat)
        self.dealt = tuple(_Dealt(p) for p in ids)


def seating(edition: str, ids: tuple[str, ...]) -> Seating:
    """The shared `Seating` of these ids: the one a living game holds, else a new one."""
    found = _SEATINGS.get((edition, ids))
    if found is None:
        found = _SEATINGS[edition, ids] = Seating(edition, ids)
        weakref.finalize(found, _gone, found.legal)
    return found


def clear_legal_memos() -> None:
    """Empty the legal-move memos of every seating in use (`legal` bounds their total size)."""
    for s in list(_SEATINGS.values()):
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
