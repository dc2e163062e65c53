"""Shared helpers for the adventure tests: random play, the card count and stacked decks."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from engine.adventure.cards import DECK_LISTS, TOTAL
from engine.adventure.decisions import Decision
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.state import State


def stack(deck: str, top: Sequence[str], held: Iterable[str] = ()) -> list[str]:
    """The whole of `deck` with `top` first, less the cards the hobbits are given."""
    rest = [c.id for c in DECK_LISTS[deck]]
    for cid in [*top, *held]:
        rest.remove(cid)
    return [*top, *rest]


def card_count(s: State) -> int:
    """Cards in the decks, held by hobbits and on the table: always the 142."""
    decks = sum(len(d) for d in s.decks.values())
    return decks + sum(len(h.cards) for h in s.hobbits.values()) + len(s.table)


def random_step(s: State, rng: random.Random) -> tuple[State, str, Decision]:
    """One random legal decision: mostly the awaited one, sometimes another's free action."""
    assert s.pending is not None
    pid = s.pending.player
    others = [p for p in s.players if p != pid and legal_moves(s, p)]
    if others and rng.random() < 0.1:
        pid = rng.choice(others)
    d = rng.choice(legal_moves(s, pid))
    new, _ = apply(s, pid, d)
    return new, pid, d


def random_states(seed: int, players: list[str], steps: int) -> Iterator[State]:
    """The states of one random game, up to `steps` decisions or its end."""
    rng = random.Random(seed)
    s = new_game(players, random.Random(seed))
    for _ in range(steps):
        if s.over:
            return
        yield s
        s, _, _ = random_step(s, rng)


__all__ = ["TOTAL", "card_count", "random_states", "random_step"]
