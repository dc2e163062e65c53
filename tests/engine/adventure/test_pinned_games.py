"""Whole games pinned (issue 44): seeded games of random and AI hobbits give exactly the event
logs and final states they gave before the engine was made faster, so no rule changes
silently. The digests were computed on main 30a8a45; a digest that changes means a game
plays out differently, which no speed-up may do (a rule change updates them on purpose)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engine.adventure.ai import choose
from engine.adventure.codec import encode
from engine.adventure.events import AdvEvent
from engine.adventure.rules import apply, legal_moves, new_game
from engine.adventure.state import State
from engine.adventure.view import view

SEATS = ["ann", "bob", "cat", "dan"]

RANDOM_GAMES = {
    (0, 2): "b26a89a4b03054dc",
    (0, 3): "84c23f9d7a7b8054",
    (0, 4): "049deeffa68e645e",
    (1, 2): "3dc8b133629fbeef",
    (1, 3): "76780fbf6eaea261",
    (1, 4): "b4f0b1b95b08ce96",
    (2, 2): "1431729a9160b6df",
    (2, 3): "63b75264e00c6ef1",
    (2, 4): "549ec7f404193d56",
    (3, 2): "4266fc365ab307d1",
    (3, 3): "ffd48d7467d2e497",
    (3, 4): "32a2b7c357880748",
    (4, 2): "eb57e2f58d810e6e",
    (4, 3): "6e75928a02705ccf",
    (4, 4): "b32f522fc13a61cf",
    (5, 2): "c3258af16bb6393a",
    (5, 3): "91f3b4a95b869247",
    (5, 4): "1966d6a4f7f62eaf",
}
"""(seed, hobbits): the digest of a game of random decisions, free actions included."""

AI_GAMES = {
    ("novice", "standard"): "03ee4550569ba0bf",
    ("standard", "novice", "standard"): "0752bf4ab1fe4fa6",
    ("expert", "standard"): "2e30b6b488e161e8",
}
"""Seat levels: the digest of a game of AI hobbits (seed 7; the expert's first 40 decisions)."""

EXPERT_DECISIONS = 40


class Digest:
    """A running digest of a game's events and, at the end, its state."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()

    def events(self, events: list[AdvEvent]) -> None:
        for e in events:
            self.hash.update(json.dumps(e.to_dict(), sort_keys=True).encode())

    def end(self, s: State) -> str:
        self.hash.update(json.dumps(encode(s), sort_keys=True).encode())
        return self.hash.hexdigest()[:16]


def random_game(seed: int, hobbits: int) -> str:
    """Random decisions to the end: mostly the awaited one, sometimes another's free action."""
    rng = random.Random(seed)
    s = new_game(SEATS[:hobbits], rng)
    digest = Digest()
    while not s.over and s.pending is not None:
        pid = s.pending.player
        others = [p for p in s.players if p != pid and legal_moves(s, p)]
        if others and rng.random() < 0.1:
            pid = rng.choice(others)
        legal = legal_moves(s, pid)
        s, events = apply(s, pid, legal[int(rng.random() * len(legal))])
        digest.events(events)
    return digest.end(s)


def ai_game(levels: tuple[str, ...]) -> str:
    rng = random.Random(7)
    seats = SEATS[: len(levels)]
    level = dict(zip(seats, levels, strict=True))
    s = new_game(seats, rng)
    digest = Digest()
    decisions = 0
    while not s.over and s.pending is not None:
        if "expert" in levels and decisions == EXPERT_DECISIONS:
            break
        pid = s.pending.player
        s, events = apply(s, pid, choose(level[pid], view(s, pid), legal_moves(s, pid), rng))
        digest.events(events)
        decisions += 1
    return digest.end(s)


@pytest.mark.parametrize(("seed", "hobbits"), sorted(RANDOM_GAMES))
def test_a_seeded_random_game_plays_out_as_pinned(seed: int, hobbits: int) -> None:
    assert random_game(seed, hobbits) == RANDOM_GAMES[seed, hobbits]


@pytest.mark.parametrize("levels", sorted(AI_GAMES))
def test_a_seeded_game_of_ai_hobbits_plays_out_as_pinned(levels: tuple[str, ...]) -> None:
    assert ai_game(levels) == AI_GAMES[levels]
