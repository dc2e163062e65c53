"""Engine throughput: random legal moves through the engine's public API (rounds/s, moves/s).

The Hobbit edition is measured against a plain reference playout of the same rules
(bot/bench/reference_loveletter.py), run in turns with it: moves/s of both and their ratio.

`--game adventure`: The Hobbit Adventure Boardgame's turns/s (bot/bench/adventure.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from bot.bench import against, reference_loveletter
from bot.bench.probes import peak_rss_mib
from bot.cli import count

EDITION_IDS = ("hobbit", "l5r", "pegasus")
REFERENCE_EDITION = "hobbit"
"""The edition the plain reference playout (bot/bench/reference_loveletter.py) plays."""
REFERENCE_TARGET = 0.9
"""The engine's moves/s against the reference's it must reach (issue 44)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from bot.platform.registry import with_tool

    offered = with_tool("bench engine")  # the games registered with this bench
    parser.add_argument("--game", choices=offered, default=offered[0] if offered else None)
    parser.add_argument("--games", type=count(1), default=300, help="adventure: games per run")
    parser.add_argument("--edition", choices=EDITION_IDS, help="one edition (default: all)")
    parser.add_argument("--players", type=count(), default=4, help="seats per game (default 4)")
    parser.add_argument("--rounds", type=count(1), default=20_000, help="rounds per run (20000)")
    parser.add_argument("--repeat", type=count(1), default=3, help="runs; the best is printed (3)")
    parser.add_argument("--seed", type=count(), default=1)
    parser.add_argument(
        "--against",
        metavar="DIR",
        help="another checkout (e.g. `git worktree add /tmp/base main`): its engine and this "
        "one's, --repeat runs each in turns, in child processes; both rates and the ratio",
    )


def play_rounds(edition: str, players: int, rounds: int, seed: int) -> tuple[int, int, float]:
    """Play whole games of uniformly random legal moves until `rounds` rounds were played."""
    import engine.loveletter as engine

    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(players)]
    done = moves = 0
    start = time.process_time()
    pick = rng.random  # uniform pick via the C-level random(): randrange() is pure Python
    new_game, legal_moves, apply = engine.new_game, engine.legal_moves, engine.apply  # as locals
    while done < rounds:
        state = new_game(edition, seats, rng)
        while not state.over:
            legal = legal_moves(state)
            state, _ = apply(state, legal[int(pick() * len(legal))])
            moves += 1
        done += state.round_no
    return done, moves, time.process_time() - start


def run(args: argparse.Namespace) -> int:
    from bot.platform.registry import tool

    if args.against is not None:
        why = against.problem(args.against, args.game)
        if why is not None:
            print(f"bench engine: {why}", file=sys.stderr)
            return 2
    timed: int = tool(args.game, "bench engine")(args)
    return timed


def run_loveletter(args: argparse.Namespace) -> int:
    """Love Letter's engine rates (its `bench engine` tool, registered by its package)."""
    import engine.loveletter as engine

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
    print(
        f"engine: {args.players} players, {args.rounds} rounds per run, best of {args.repeat}"
        " (per second of CPU time: other work on a shared machine does not count)"
    )
    reference: Result | None = None
    for edition in editions:
        best: Result | None = None
        for i in range(args.repeat):
            result = play_rounds(edition, args.players, args.rounds, args.seed + i)
            best = faster(best, result)
            if edition == REFERENCE_EDITION:  # in turns with the engine, so both meet the same load
                ref = reference_loveletter.play_rounds(args.players, args.rounds, args.seed + i)
                reference = faster(reference, ref)
        assert best is not None
        rounds, moves, seconds = best
        print(
            f"{edition:8s} {rounds / seconds:10,.0f} rounds/s {moves / seconds:12,.0f} moves/s"
            f"   ({moves / rounds:.1f} moves per round)"
        )
        if reference is not None and edition == REFERENCE_EDITION:
            print_reference(best, reference)
    print(f"peak memory: {peak_rss_mib():.0f} MiB resident (ru_maxrss, whole process)")
    if args.against is not None:
        for edition in editions:
            child = [edition, str(args.players), str(args.rounds), str(args.seed)]
            print(f"{edition}:", end=" ")
            plain = edition == REFERENCE_EDITION  # the reference playout in the same turns
            against.compare(args.against, "loveletter", child, args.repeat, "moves/s", plain)
    return 0


Result = tuple[int, int, float]


def faster(best: Result | None, result: Result) -> Result:
    """The run with more moves per second."""
    return result if best is None or result[1] / result[2] > best[1] / best[2] else best


def print_reference(engine: Result, reference: Result) -> None:
    """The engine's moves/s beside the plain reference playout's (reference_loveletter.py)."""
    ours, plain = engine[1] / engine[2], reference[1] / reference[2]
    ratio = ours / plain
    verdict = "meets" if ratio >= REFERENCE_TARGET else "MISSES"
    print(
        f"{'':8s} reference playout {plain:,.0f} moves/s ({reference[1] / reference[0]:.1f} "
        f"moves per round); engine/reference {ratio:.2f}x, {verdict} the target of "
        f"{REFERENCE_TARGET:g}x"
    )
