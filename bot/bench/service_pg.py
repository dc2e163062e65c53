"""`bench service --database-url URL`: the same tables on PostgreSQL, split over 1, 2, 4 ...
bot processes (``--processes``) sharing that database, paced and saturated as the SQLite runs.

Each process is a real OS process with its own GameService on a shared database (so every
click re-reads its game, bot/service/games.py) and plays its share of the ``--games`` tables;
all start together (a barrier) and the figures are over every process: moves/s = all moves /
the longest wall time, and the per-move percentiles over all moves. Each run starts its games
in new channels, so the database needs no reset between runs (nor between benchmarks).
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.bench.service_moves import Figures


CHANNELS_PER_RUN = 100_000


def parse_processes(text: str) -> list[int]:
    try:
        counts = [int(p) for p in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a list like 1,2,4") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("process counts must be 1 or more")
    return counts


def run_postgres(args: argparse.Namespace, runs: list[tuple[str, float, float]]) -> None:
    from storage.postgres import shown

    print(f"\nPostgreSQL {shown(args.database_url)}, sync={args.sync}: processes {args.processes}")
    base = int(time.time()) % 1000 * 10 * CHANNELS_PER_RUN  # new channels for every benchmark
    number = 0
    for processes in args.processes:
        for name, think, seconds in runs:
            number += 1
            channel_base = base + number * CHANNELS_PER_RUN
            figures = _in_processes(args, processes, think, seconds, channel_base)
            _report(args, processes, name, think, figures)


def _in_processes(
    args: argparse.Namespace, processes: int, think: float, seconds: float, channel_base: int
) -> list[Figures]:
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(processes)
    results: Any = ctx.Queue()
    shares = [range(i, args.games, processes) for i in range(processes)]
    options = {k: v for k, v in vars(args).items() if k not in ("func",)}
    options["channel_base"] = channel_base
    workers = [
        ctx.Process(target=_child, args=(options, think, seconds, share, barrier, results))
        for share in shares
    ]
    for worker in workers:
        worker.start()
    figures = [results.get(timeout=seconds + 600) for _ in workers]
    for worker in workers:
        worker.join()
    failed = [f for f in figures if isinstance(f, str)]
    if failed:
        raise RuntimeError(f"a benchmark process failed: {failed[0]}")
    return figures


def _child(
    options: dict[str, Any],
    think: float,
    seconds: float,
    tables: range,
    barrier: Any,
    results: Any,
) -> None:
    from bot.bench.service_moves import measure

    args = argparse.Namespace(**options)

    async def main() -> Figures:
        from storage.postgres import PostgresStorage
        from storage.postgres.round_trips import RoundTrips

        trips = RoundTrips()
        storage = await PostgresStorage.open(
            args.database_url, sync=args.sync, on_connect=trips.attach
        )
        try:
            return await measure(
                storage, args, think, seconds, tables, lambda: asyncio.to_thread(barrier.wait),
                counter=trips,
            )  # fmt: skip
        finally:
            await storage.close()

    try:
        results.put(asyncio.run(main()))
    except BaseException as exc:  # noqa: BLE001 - the parent reports it
        results.put(f"{type(exc).__name__}: {exc}")
        barrier.abort()


def _report(
    args: argparse.Namespace, processes: int, name: str, think: float, figures: list[Figures]
) -> None:
    from bot.bench.service import TARGET_P99_MS, _ms, reads_line

    moves = sum(f.moves for f in figures)
    wall = max(f.wall for f in figures)
    times = [t for f in figures for t in f.times]
    saves = [t for f in figures for t in f.saves]
    cpu = sum(f.cpu for f in figures)
    p99 = _ms(times, 0.99)
    target = ""
    if think:
        target = (
            f"  (target p99 <= {TARGET_P99_MS:g} ms: {'ok' if p99 <= TARGET_P99_MS else 'ABOVE'})"
        )
    offered = f", offered ~{args.games / think:.0f} moves/s" if think else ""
    load = figures[0].load
    print(f"\npostgres, {processes} process{'es' if processes > 1 else ''}, {name}{offered}")
    print(f"  load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"  moves: {moves} in {wall:.1f} s = {moves / wall:.0f} moves/s")
    print(
        f"  per move: median {_ms(times, 0.5):.2f} ms, p99 {p99:.2f} ms, "
        f"max {_ms(times, 1.0):.1f} ms{target}"
    )
    print(f"  {reads_line([n for f in figures for n in f.reads])}")
    print(
        f"  of which save_move: median {_ms(saves, 0.5):.2f} ms, p99 {_ms(saves, 0.99):.2f} ms;"
        f" CPU {cpu / max(moves, 1) * 1000:.2f} ms per move (bot processes only)"
    )
    print(f"  {trips_line([t for f in figures for t in f.trips])}")


def trips_line(trips: list[int]) -> str:
    """Round trips to the server per move (the click: the move, and the read of the answer)."""
    if not trips:
        return "round trips per move: none counted"
    usual = max(set(trips), key=trips.count)
    return (
        f"round trips per move (the click and its answer, counted at the connection): mean "
        f"{sum(trips) / len(trips):.2f}, most moves {usual}, largest {max(trips)} (a game's end)"
    )
