"""Engine throughput: random legal moves through the engine's public API (rounds/s, moves/s).

`--game adventure`: The Hobbit Adventure Boardgame's turns/s (bot/bench/adventure.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bot.bench.probes import peak_rss_mib
from bot.cli import count

EDITION_IDS = ("hobbit", "l5r", "pegasus")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", choices=("loveletter", "adventure"), default="loveletter")
    parser.add_argument("--games", type=count(1), default=300, help="adventure: games per run")
    parser.add_argument("--edition", choices=EDITION_IDS, help="one edition (default: all)")
    parser.add_argument("--players", type=count(), default=4, help="seats per game (default 4)")
    parser.add_argument("--rounds", type=count(1), default=20_000, help="rounds per run (20000)")
    parser.add_argument("--repeat", type=count(1), default=3, help="runs; the best is printed (3)")
    parser.add_argument("--seed", type=count(), default=1)


def play_rounds(edition: str, players: int, rounds: int, seed: int) -> tuple[int, int, float]:
    """Play whole games of uniformly random legal moves until `rounds` rounds were played."""
    import engine.loveletter as engine

    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(players)]
    done = moves = 0
    start = time.perf_counter()
    pick = rng.random  # uniform pick via the C-level random(): randrange() is pure Python
    while done < rounds:
        state = engine.new_game(edition, seats, rng)
        while not state.over:
            legal = engine.legal_moves(state)
            state, _ = engine.apply(state, legal[int(pick() * len(legal))])
            moves += 1
        done += state.round_no
    return done, moves, time.perf_counter() - start


def run(args: argparse.Namespace) -> int:
    import engine.loveletter as engine

    if args.game == "adventure":
        from bot.bench import adventure

        return adventure.engine(args)

    editions = [args.edition] if args.edition else list(EDITION_IDS)
    for edition in editions:
        ed = engine.edition(edition)
        if not ed.min_players <= args.players <= ed.max_players:
            print(
                f"bench engine: --players {args.players} is outside {edition}'s "
                f"{ed.min_players}–{ed.max_players}",
                file=sys.stderr,
            )
            return 2
    print(f"engine: {args.players} players, {args.rounds} rounds per run, best of {args.repeat}")
    for edition in editions:
        best: tuple[int, int, float] | None = None
        for i in range(args.repeat):
            result = play_rounds(edition, args.players, args.rounds, args.seed + i)
            if best is None or result[0] / result[2] > best[0] / best[2]:
                best = result
        assert best is not None
        rounds, moves, seconds = best
        print(
            f"{edition:8s} {rounds / seconds:10,.0f} rounds/s {moves / seconds:12,.0f} moves/s"
            f"   ({moves / rounds:.1f} moves per round)"
        )
    print(f"peak memory: {peak_rss_mib():.0f} MiB resident (ru_maxrss, whole process)")
    return 0
