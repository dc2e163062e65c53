"""Positions for AI tests: random games at every table size, and small stacked deals."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

import engine.loveletter as engine
from engine.loveletter.ai import choose

TABLES: tuple[tuple[str, int], ...] = (
    *((ed, n) for ed in ("hobbit", "l5r") for n in (2, 3, 4)),
    *(("pegasus", n) for n in range(2, 9)),
)


def positions(edition: str, players: int, count: int, seed: int) -> Iterator[engine.GameState]:
    """`count` states where someone must act, from games of mixed novice/standard seats."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        ids = [f"p{i}" for i in range(players)]
        levels = {p: rng.choice(("novice", "standard")) for p in ids}
        state = engine.new_game(edition, ids, random.Random(rng.getrandbits(32)))
        while not state.game_over and made < count:
            yield state
            made += 1
            actor = state.actor
            assert actor is not None
            move = choose(
                levels[actor], engine.player_view(state, actor), engine.legal_moves(state), rng
            )
            state, _ = engine.apply(state, move)


def stacked(
    edition: str,
    hands: dict[str, str],
    top: Sequence[str],
    first: str,
    set_aside: str | None = None,
) -> engine.GameState:
    """A game whose round 1 deals `hands`, with `top` on top of the draw pile."""
    ed = engine.edition(edition)
    rest = Counter(ed.deck(len(hands)))
    rest.subtract([*hands.values(), *top, *([set_aside] if set_aside else [])])
    left = sorted(rest.elements())
    aside = set_aside or left.pop()
    face_up = tuple(left.pop(0) for _ in range(3)) if len(hands) == 2 else ()
    deal = engine.Deal(aside, face_up, dict(hands), (*top, *left))
    return engine.new_game(edition, list(hands), random.Random(0), deal=deal, first=first)


def play(state: engine.GameState, *moves: engine.Move) -> engine.GameState:
    for move in moves:
        state, _ = engine.apply(state, move)
    return state
