"""Storage benchmark: time to save one move (median, p99) and to load 10,000 running games.

Uses a fresh database in a temporary directory (or --database) and real engine states from
random legal play, so the saved JSON has a realistic size. Targets: median <= 1 ms,
p99 <= 5 ms per save; <= 2 s to load 10,000 running games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.bench.probes import add_sync_argument, folder_problem
from bot.cli import count

PLAYERS = ("p1", "p2", "p3", "p4")
GAME = "loveletter"  # the game whose states are saved (--edition is its variant)
MAX_SAVES = 1_000_000
"""More saves than this would run for hours (about 1 ms each) and say nothing new."""
MAX_GAMES = 1_000_000
"""Running games to load at most: 100 times the target's 10,000, gigabytes of database."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--saves", type=count(1, MAX_SAVES), default=2000, help="moves to save (default 2000)"
    )
    parser.add_argument(
        "--games", type=count(0, MAX_GAMES), default=10_000, help="running games to load"
    )
    parser.add_argument("--edition", default="pegasus", help="edition of the sample game")
    parser.add_argument("--seed", type=count(), default=1, help="seed of the sample games")
    add_sync_argument(parser)
    parser.add_argument(
        "--database", type=Path, default=None, help="directory for the database (default: temp)"
    )


def run(args: argparse.Namespace) -> int:
    from engine.loveletter.editions import EDITIONS
    from storage import StorageError

    if args.edition not in EDITIONS:
        print(
            f"bench storage: --edition must be one of {', '.join(EDITIONS)}, not "
            f"{args.edition[:40]!r}",
            file=sys.stderr,
        )
        return 2
    try:
        if args.database is not None:
            problem = folder_problem(args.database)
            if problem is not None:
                print(f"bench storage: --database {problem}", file=sys.stderr)
                return 2
            return asyncio.run(_bench(args, args.database))
        with tempfile.TemporaryDirectory(prefix="bench-storage-") as folder:
            return asyncio.run(_bench(args, Path(folder)))
    except StorageError as error:
        print(f"bench storage: {error}", file=sys.stderr)
        return 2


def sample_moves(edition: str, seed: int, count: int) -> tuple[str, list[tuple[str, Any, str]]]:
    """(initial state JSON, [(state JSON, move dict, player)]) from random legal engine play."""
    import engine.loveletter as engine

    rng = random.Random(seed)
    samples: list[tuple[str, Any, str]] = []
    initial = ""
    while len(samples) < count:
        state = engine.new_game(edition, list(PLAYERS), random.Random(rng.random()), options={})
        initial = initial or engine.to_json(state)
        while not state.game_over and len(samples) < count:
            move = rng.choice(engine.legal_moves(state))
            state, _events = engine.apply(state, move)
            samples.append((engine.to_json(state), engine.move_to_dict(move), move.player))
    return initial, samples


def _synthetic(count: int) -> tuple[str, list[tuple[str, Any, str]]]:
    state = json.dumps({"synthetic": True, "padding": "x" * 4000})
    return state, [(state, {"card": "guard", "n": i}, PLAYERS[i % 4]) for i in range(count)]


async def _bench(args: argparse.Namespace, folder: Path) -> int:
    from storage import Storage
    from storage.bulk import seed_running_games

    try:
        initial, samples = sample_moves(args.edition, args.seed, min(args.saves, 500))
        source = f"real {args.edition} engine states"
    except (ImportError, AttributeError) as error:
        initial, samples = _synthetic(min(args.saves, 500))
        source = f"synthetic 4 kB states (engine unavailable: {error})"
    sizes = [len(s.encode()) for s, _, _ in samples]
    path = folder / "bench.db"
    storage = await Storage.open(path, sync=args.sync)
    try:
        lobby = await storage.create_lobby(1, 1, GAME, args.edition, 1)
        for player in PLAYERS:
            await storage.join(lobby.id, player, player, ai_level="easy")
        game = await storage.start(lobby.id, initial)
        timings: list[float] = []
        version = game.version
        for i in range(args.saves):
            state, move, player = samples[i % len(samples)]
            started = time.perf_counter()
            version = await storage.save_move(game.id, version, state, move, player)
            timings.append(time.perf_counter() - started)
        await storage.abandon(game.id)  # so exactly --games running games are loaded below
        await seed_running_games(
            storage,
            args.games,
            game=GAME,
            variant=args.edition,
            state=samples[-1][0],
            players=PLAYERS,
        )
    finally:
        await storage.close()

    started = time.perf_counter()
    storage = await Storage.open(path, sync=args.sync)
    opened = time.perf_counter()
    games = await storage.load_running_games()
    loaded = time.perf_counter()
    await storage.close()

    timings.sort()
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(
        f"state JSON: {source}; median {statistics.median(sizes) / 1024:.1f} kB, "
        f"max {max(sizes) / 1024:.1f} kB"
    )
    print(f"save one move ({args.saves} saves, synchronous={args.sync.upper()}, WAL):")
    print(f"  median {statistics.median(timings) * 1e3:.3f} ms   (target <= 1 ms)")
    print(f"  p99    {p99 * 1e3:.3f} ms   (target <= 5 ms)")
    print(f"  max    {timings[-1] * 1e3:.3f} ms")
    print(f"load {len(games)} running games at start-up:")
    print(
        f"  open {opened - started:.3f} s + load {loaded - opened:.3f} s = "
        f"{loaded - started:.3f} s   (target <= 2 s)"
    )
    print(f"database size: {path.stat().st_size / 1e6:.1f} MB")
    return 0
