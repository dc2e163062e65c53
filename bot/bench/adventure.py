"""Measurements of the adventure engine and its AI hobbits, printed (never timed tests).

`main(["engine", "--games", "200"])`: random-play turns/s and decisions/s.
`main(["ai", "--decisions", "2000"])`: decision time p50 / p99 per AI level.
`main(["simulate", "--seats", "standard,novice", "--games", "1000"])`: each level's win rate
with a 95% (Wilson) interval, how often the Dragon wins, and the median game length in turns.
Seats rotate from game to game so no level always starts first.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence


def _engine(games: int, seed: int) -> None:
    from engine.adventure.rules import apply, legal_moves, new_game

    turns = decisions = 0
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed + g)
        s = new_game(["a", "b", "c", "d"][: 2 + g % 3], rng)
        while not s.over and s.pending is not None:
            pid = s.pending.player
            s, _ = apply(s, pid, rng.choice(legal_moves(s, pid)))
            decisions += 1
        turns += s.turn_no
    spent = time.perf_counter() - start
    print(f"engine: {games} random games, {turns} turns, {decisions} decisions in {spent:.2f} s")
    print(f"engine: {turns / spent:,.0f} turns/s, {decisions / spent:,.0f} decisions/s")


def _ai(count: int, seed: int) -> None:
    from engine.adventure.ai import LEVELS, choose
    from engine.adventure.rules import apply, legal_moves, new_game
    from engine.adventure.view import view

    for level in LEVELS:
        times: list[float] = []
        rng = random.Random(seed)
        while len(times) < count:
            s = new_game(["a", "b", "c"], rng)
            while not s.over and s.pending is not None and len(times) < count:
                pid = s.pending.player
                v, legal = view(s, pid), legal_moves(s, pid)
                t0 = time.perf_counter()
                d = choose(level, v, legal, rng)
                times.append(time.perf_counter() - t0)
                s, _ = apply(s, pid, d)
        times.sort()
        p50, p99 = times[len(times) // 2], times[int(len(times) * 0.99) - 1]
        print(f"ai {level}: {count} decisions, p50 {p50 * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms")


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate."""
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _simulate(seats: list[str], games: int, seed: int) -> None:
    from engine.adventure.autoplay import play

    wins: dict[str, int] = {}
    dragon = unfinished = 0
    turns: list[int] = []
    start = time.perf_counter()
    for g in range(games):
        k = g % len(seats)
        lineup = seats[k:] + seats[:k]
        played = play(lineup, random.Random(seed + g))
        s = played.state
        turns.append(s.turn_no)
        if s.winner is not None:
            level = lineup[played.seats.index(s.winner)]
            wins[level] = wins.get(level, 0) + 1
        elif s.dragon_won:
            dragon += 1
        else:
            unfinished += 1
    spent = time.perf_counter() - start
    print(f"simulate {','.join(seats)}: {games} games in {spent:.1f} s")
    for level in dict.fromkeys(seats):
        n = wins.get(level, 0)
        low, high = wilson(n, games)
        print(f"  {level} wins {n / games:.1%} (95% {low:.1%}–{high:.1%})")
    low, high = wilson(dragon, games)
    rate = f"{dragon / games:.1%} (95% {low:.1%}–{high:.1%})"
    print(f"  the Dragon wins {rate}; unfinished {unfinished}")
    print(f"  median game length {statistics.median(turns):.0f} turns (max {max(turns)})")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench adventure", description=__doc__)
    parser.add_argument("what", choices=("engine", "ai", "simulate"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=2000)
    parser.add_argument("--seats", default="standard,novice")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(list(argv))
    if args.what == "engine":
        _engine(args.games, args.seed)
    elif args.what == "ai":
        _ai(args.decisions, args.seed)
    else:
        _simulate(args.seats.split(","), args.games, args.seed)
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
