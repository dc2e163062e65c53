"""`bench render --game adventure`: time and size of the Adventure board picture.

Plays seeded random games (novice AI hobbits) to collect real public tables (travel choices
with their highlighted places included), then draws each one and prints median and p99 time
and the largest PNG. Target: p99 <= 50 ms per picture. The backgrounds (one per number of
hobbits) and every place's token spots are worked out once before timing; that one-off cost
is printed on its own.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

TARGET_MS = 50.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", type=int, default=300, help="positions to draw (300)")
    parser.add_argument("--seed", type=int, default=1)


def positions(count: int, seed: int) -> list[Any]:
    """Public board facts of `count` positions from seeded 2–4 hobbit games, as the table
    gives them (last move, fights, duels and hobbits out included)."""
    from bot.games.adventure.models import COLOUR_NAMES, COLOURS, AdvTable, Seat
    from bot.games.adventure.pictures.from_table import facts
    from bot.games.adventure.rules import reach_of
    from bot.games.adventure.text.happenings import last_move
    from engine.adventure import GAME
    from engine.adventure.view import typed

    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        players = [f"p{i}" for i in range(rng.randint(2, 4))]
        seats = tuple(
            Seat(p, f"Hobbit {p}", COLOURS[i], COLOUR_NAMES[i]) for i, p in enumerate(players)
        )
        state = GAME.create("classic", players, {}, rng)
        move = None
        while not GAME.is_over(state) and len(out) < count:
            view = GAME.view(state, None)
            active = state.active
            legal = GAME.legal(state, active) if active else []
            table = AdvTable(0, 0, typed(view), seats, (), reach_of(view, legal), (), move=move)
            out.append(facts(table))
            who = GAME.awaiting(state)[0]
            moves = GAME.legal(state, who)
            decision = GAME.choose("novice", GAME.view(state, who), moves, rng)
            state, events = GAME.apply(state, who, decision)
            move = last_move(events, GAME.view(state, None), move)
    return out


def run(args: argparse.Namespace) -> int:
    from bot.games.adventure.pictures.board import background, render
    from bot.games.adventure.pictures.tokens import spots
    from engine.adventure.board import PLACES

    start = time.perf_counter()
    for seats in (2, 3, 4):
        background(seats)
    for pid in PLACES:
        spots(pid)
    first = (time.perf_counter() - start) * 1000
    facts = positions(args.positions, args.seed)
    times, largest = [], 0
    for f in facts:
        t = time.perf_counter()
        png = render(f)
        times.append((time.perf_counter() - t) * 1000)
        largest = max(largest, len(png))
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"backgrounds and token spots (once): {first:.1f} ms")
    print(
        f"board picture: {len(times)} positions, median {median:.1f} ms, p99 {p99:.1f} ms,"
        f" largest {largest / 1000:.0f} KB (target p99 <= {TARGET_MS:.0f} ms)"
    )
    return 0 if p99 <= TARGET_MS else 1
