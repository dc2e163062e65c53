"""`bench service --tables N`: one process, many mostly idle tables (issue 44 item 5).

N running Love Letter games (4 seats, people's at 7 tables in 8 and AI's at the rest; states
from random play at every depth) are written to a real SQLite file (storage/bulk.py). Then,
as after a restart:

1. Start-up: open the file and resume every running game as the bot's setup does
   (GameService.load_running with the AI-turn check of bot/runtime/client.py). Target <= 5 s
   for 10,000 games. It parses the GAME_CACHE most recent games and those with an AI seat
   (whose turn may be due); a table of people is parsed at its next click.
2. Memory per running game: the resident memory a parsed game costs, measured by resuming
   them all into a cache as large as N (what every start-up kept before GAME_CACHE), against
   the bounded cache the bot keeps now (GAME_CACHE, default 2000).
3. A long day of play, compressed: ``--games`` of the tables play random legal moves back to
   back (new games whenever one ends) for ``--seconds``, the pictures drawn in this process
   (the drawing thread) so their caches fill here, while the rest stay idle. Resident memory
   is printed at each quarter: flat once the caches are full (PICTURE_CACHE_MB, GAME_CACHE).
   Then each cache's size against its bound, and the memory per cached picture piece.
"""

from __future__ import annotations

import argparse
import functools
import gc
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.bench.probes import rss_mib

if TYPE_CHECKING:
    from storage import SyncMode

TARGET_START_S = 5.0
PLAYERS = ("p1", "p2", "p3", "p4")
SAMPLES = 64  # distinct states the tables are seeded with
AI_EVERY = 8  # one table in 8 is of AI seats, the rest of people (most tables wait for people)


def sample_states(edition: str, seed: int) -> list[str]:
    """JSON of running (not finished) states at every depth of random 4-player games."""
    import engine.loveletter as engine

    rng = random.Random(seed)
    states: list[str] = []
    while len(states) < SAMPLES:
        state = engine.new_game(edition, list(PLAYERS), random.Random(rng.random()), options={})
        while not state.game_over and len(states) < SAMPLES:
            states.append(engine.to_json(state))
            state, _ = engine.apply(state, rng.choice(engine.legal_moves(state)))
    return states


async def run_tables(args: argparse.Namespace, folder: Path) -> int:
    import bot.service.autoplay  # noqa: F401 - imported before the start-up is timed, as the bot
    from storage import Storage
    from storage.bulk import seed_running_games

    path = folder / "bench-tables.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    tables = args.tables
    print(
        f"bench service --tables: {tables} running {args.edition} tables x 4 seats (AI at 1 in "
        f"{AI_EVERY}), "
        f"{min(args.games, tables)} of them playing, the rest idle"
    )
    storage = await Storage.open(path, sync=args.sync)
    try:
        states = sample_states(args.edition, args.seed)
        share = -(-tables // len(states))
        for n, state in enumerate(states):
            count = min(share, tables - n * share)
            if count > 0:
                await seed_running_games(
                    storage, count, game="loveletter", variant=args.edition, state=state,
                    players=PLAYERS, first_channel_id=1_000_000 + n * share,
                    ai_level="easy" if n % AI_EVERY == 0 else None,
                )  # fmt: skip
    finally:
        await storage.close()
    print(f"  seeded {tables} games in {path.stat().st_size / 2**20:.0f} MiB of SQLite")
    await _start_up(args, path, tables)
    return await _day(args, path, tables)


async def _resume(path: Path, sync: SyncMode, cache_size: int) -> tuple[float, int, int, Any]:
    """Open and resume as the bot's setup does: (seconds, games, AI turns due, the service)."""
    from bot.service import GameService
    from bot.service.autoplay import ai_to_move
    from storage import Storage

    started = time.perf_counter()
    storage = await Storage.open(path, sync=sync)
    service = GameService(storage, cache_size=cache_size)
    due: list[int] = []

    def waits_for_ai(game: Any, state: Any) -> None:
        if ai_to_move(service, game, state) is not None:
            due.append(game.id)

    count = await service.load_running(waits_for_ai)
    return time.perf_counter() - started, count, len(due), service


async def _start_up(args: argparse.Namespace, path: Path, tables: int) -> None:
    from bot.service.cache import DEFAULT_GAMES

    limit = args.game_cache or DEFAULT_GAMES
    print("\nstart-up after a restart (open the file, load, parse, find the AI turns due):")
    for name, size in (("GAME_CACHE", limit), ("every game kept (before GAME_CACHE)", tables)):
        gc.collect()
        seconds, count, due, service = await _resume(path, args.sync, size)
        gc.collect()
        ok = "ok" if seconds <= TARGET_START_S else "ABOVE"
        print(
            f"  {name} {size}: {count} games resumed ({due} AI turns due) in {seconds:.2f} s "
            f"(target <= {TARGET_START_S:g} s: {ok}); {service.held()[0]} kept parsed, "
            f"resident memory then {rss_mib():.0f} MiB"
        )
        await service.storage.close()
        del service
    gc.collect()
    tracemalloc.start()
    _, count, _, service = await _resume(path, args.sync, tables)
    gc.collect()
    kept, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    await service.storage.close()
    print(
        f"  memory per running game kept parsed: {kept / max(count, 1) / 2**10:.1f} KiB "
        f"(tracemalloc over {count}), so GAME_CACHE {limit} holds about "
        f"{kept / max(count, 1) * limit / 2**20:.0f} MiB"
    )


async def _day(args: argparse.Namespace, path: Path, tables: int) -> int:
    from bot.bench.service_moves import measure
    from bot.service.cache import DEFAULT_GAMES
    from storage import Storage

    active = min(args.games, tables)
    one = argparse.Namespace(
        **{
            **vars(args),
            "pictures": "off" if args.pictures == "off" else "on",
            "picture_workers": "thread",  # drawn here: the caches that fill are this process's
            "channel_base": 10_000_000,
        }
    )
    print(
        f"\na day of play, compressed: {active} tables play back to back for {args.seconds:g} s "
        f"(pictures {one.pictures}, drawn in this process), {tables - active} idle"
    )
    storage = await Storage.open(path, sync=args.sync)

    try:
        service_size = args.game_cache or DEFAULT_GAMES
        figures = await measure(
            storage, one, 0.0, args.seconds, range(active), cache_size=service_size, resume=True
        )
    finally:
        await storage.close()
    samples = [(at, mib) for at, mib, _blocks in figures.memory] + [(figures.wall, rss_mib())]
    print(f"  moves: {figures.moves} in {figures.wall:.1f} s")
    print(
        "  resident memory over the run: "
        + ", ".join(f"{mib:.0f} MiB at {at:.0f} s" for at, mib in samples)
    )
    _cache_sizes(figures.caches)
    return 0


def _cache_sizes(service_caches: dict[str, tuple[int, int]]) -> None:
    from bot.ui import lru

    print("  caches at the end (entries or bytes against their bound):")
    for name, (size, limit) in service_caches.items():
        print(f"    {name}: {size} of {limit}")
    fills = lru.report()
    for fill in fills:
        print(
            f"    picture cache {fill.name}: {fill.entries} entries, "
            f"{fill.size / 2**20:.1f} of {fill.budget / 2**20:.1f} MiB"
        )
    entries = sum(f.entries for f in fills)
    size = sum(f.size for f in fills)
    print(
        f"    picture caches in all: {size / 2**20:.1f} MiB in {entries} pieces = "
        f"{size / max(entries, 1) / 2**10:.1f} KiB per cached piece (bound "
        f"{sum(f.budget for f in fills) / 2**20:.0f} MiB, PICTURE_CACHE_MB)"
    )
    counted = [
        (name, info.currsize, info.maxsize) for name, info in _functools_caches() if info.currsize
    ]
    for name, current, most in counted:
        print(f"    {name}: {current} of {most if most is not None else 'all (a fixed set)'}")


def _functools_caches() -> list[tuple[str, Any]]:
    """The functools caches of our modules loaded now: (module.function, cache_info())."""
    found = []
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(("bot.", "engine.")):
            continue
        for attribute, value in list(vars(module).items()):
            if (
                isinstance(value, functools._lru_cache_wrapper)
                and getattr(value, "__module__", None) == module_name
            ):
                found.append((f"{module_name}.{attribute}", value.cache_info()))
    return sorted(found, key=lambda item: item[0])
