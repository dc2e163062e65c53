"""Game service benchmark: N concurrent tables on a real SQLite file, random legal moves.

Each of ``--games`` tables plays random legal moves through GameService (lobby, start, moves)
and starts a new game whenever one ends, so N games are running all the time. Per move it times
"click to committed state and rendered output": GameService.play (lock, engine.apply, save,
committed) plus the messages the bot sends, whatever PICTURES says: the actor's answer (their
hand: embed and buttons) and the table edit's message. Two runs, each on a new file:

1. Paced (the latency figures; target p99 <= 20 ms): each table clicks again a random think
   time after its last move was done, exponential with mean ``--think`` (default 1 s). 1 s is
   the bot's default AI_TURN_DELAY_SECONDS, so it is as fast as an all-AI table plays; people
   take several seconds per move (choose a card, a target, a guess). 200 tables at ~1 move/s
   offer ~200 moves/s, many times what 200 real tables would produce.
2. Saturation (``--think 0``, the throughput figure): every table clicks again the instant its
   move is done. This closed loop measures capacity, not latency: by Little's law the mean
   latency is (tables in flight) / (throughput), so 200 tables at 20 ms would need 10,000
   moves/s from one Python process. Its latencies only say how long the queue is.

With pictures on (PICTURES, the bot's default) each move also draws what the bot sends: the
actor's hand picture is part of their answer (timed, drawn on the loop), the table picture
follows it (in the drawing thread, as the bot edits the table; its own line, with its p99
delay after the move: target <= 50 ms). ``--pictures both`` (the default) makes each run
once without pictures and once with, and ends with the two side by side: CPU per move with
pictures against without (target <= 2x; the drawing worker's share printed apart), served
moves/s and p99 (bot/bench/service_compare.py).

Besides the totals (median, p99, p99.9 and the largest time per move: targets 20, 15 and 25
ms) each run prints the save's share (queue + commit), the service's own work, CPU per move,
saves per COMMIT (group commit), the event loop's GC pauses by generation (how many, a
minute, longest, total) and the WAL keeper's work. Storage durability (``--sync``,
DATABASE_SYNC) is explained in storage/db.py: with ``normal`` no COMMIT waits for an fsync;
with ``full`` each one does (up to ~120 ms here).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from pathlib import Path

from bot.bench.probes import add_sync_argument, folder_problem, memory_line
from bot.bench.service_compare import TARGET_TABLE_PICTURE_MS, Summary, compare, verdict
from bot.bench.service_moves import _Run, measure
from bot.bench.service_pg import parse_processes, run_postgres
from bot.cli import count
from bot.cli import seconds as seconds_type
from bot.runtime.gc_pacing import DEFAULT_GC_YOUNG_MS, MAX_GC_YOUNG_MS, MIN_GC_YOUNG_MS
from bot.runtime.gc_tuning import memo_line
from storage.postgres.url import url_problem

TARGET_P99_MS = 20.0
TARGET_P999_MS, TARGET_MAX_MS = 15.0, 25.0  # issue 44: no pause a player feels
MAX_TABLES = 100_000
"""Concurrent tables at most: 500 times the default, far past what one process serves."""
MAX_THINK = 3_600.0
MAX_SECONDS = 86_400.0
"""A run of a day at most: figures settle within a minute."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = __doc__
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--games", type=count(1, MAX_TABLES), default=200, help="concurrent tables (default 200)"
    )
    parser.add_argument("--players", type=count(), default=4, help="players per game (default 4)")
    parser.add_argument("--edition", default="pegasus", help="edition (default pegasus)")
    parser.add_argument("--seed", type=count(), default=1, help="seed for deals and moves")
    parser.add_argument(
        "--think",
        type=seconds_type(MAX_THINK),
        default=1.0,
        help="mean seconds a table takes for its next click in the paced run (default 1); "
        "0 runs only the saturation run",
    )
    parser.add_argument(
        "--seconds",
        type=seconds_type(MAX_SECONDS, zero=False),
        default=60.0,
        help="length of the paced run (default 60)",
    )
    parser.add_argument(
        "--saturation-seconds",
        type=seconds_type(MAX_SECONDS),
        default=10.0,
        help="length of the saturation run (default 10; 0 skips it)",
    )
    parser.add_argument(
        "--pictures",
        choices=("both", "on", "off"),
        default="both",
        help="draw the hand and table pictures as the bot does: on, off, or both (the default: "
        "each run once off and once on, compared; PostgreSQL runs draw them)",
    )
    parser.add_argument(
        "--picture-workers",
        choices=("process", "thread"),
        default="process",
        help="where table pictures are drawn, as PICTURE_WORKERS (default process: a worker "
        "process, whose CPU time is counted in the CPU per move)",
    )
    add_sync_argument(parser)
    parser.add_argument(
        "--no-tuning",
        dest="tuning",
        action="store_false",
        help="skip the bot's start-up GC and memo tuning (bot.runtime.gc_tuning), to compare",
    )
    parser.add_argument(
        "--gc-young-ms",
        type=_gc_young_ms,
        default=DEFAULT_GC_YOUNG_MS,
        help="young collections every this many ms from the event loop, as GC_YOUNG_MS "
        f"(bot/runtime/gc_pacing.py; default {DEFAULT_GC_YOUNG_MS}); 0: CPython's own triggers",
    )
    parser.add_argument(
        "--database", type=Path, default=None, help="directory for the databases (default: temp)"
    )
    parser.add_argument(
        "--database-url",
        default=None,
        help="also run on this PostgreSQL database (postgresql://...) with several processes "
        "(bot/bench/service_pg.py), after the SQLite runs",
    )
    for flag, most, words in (
        ("--tables", MAX_TABLES, "instead of the runs above: this many running tables, mostly "
         "idle (--games of them play): start-up, memory per game, caches over a day"),
        ("--game-cache", MAX_TABLES, "running games kept parsed, as GAME_CACHE (default 2000)"),
        ("--picture-cache-mb", 4_096, "MiB for the picture caches, as PICTURE_CACHE_MB "
         "(default: their built-in budgets)"),
    ):  # fmt: skip
        parser.add_argument(flag, type=count(1, most), default=None, help=words)
    parser.add_argument(
        "--processes",
        type=parse_processes,
        default=[1, 2, 4],
        help="bot processes sharing the PostgreSQL database, one run each (default 1,2,4)",
    )


def _gc_young_ms(text: str) -> int:
    """--gc-young-ms: a whole number by GC_YOUNG_MS's own rule, 0 or MIN to MAX."""
    value = count(0, MAX_GC_YOUNG_MS)(text)
    if 0 < value < MIN_GC_YOUNG_MS:
        raise argparse.ArgumentTypeError(f"must be 0 or at least {MIN_GC_YOUNG_MS}, not {value}")
    return value


def table_problem(edition: str, players: int) -> str | None:
    """Why a Love Letter table of `edition` with `players` seats cannot be played, or None."""
    from engine.loveletter.editions import EDITIONS
    from engine.loveletter.editions import edition as edition_of

    if edition not in EDITIONS:
        return f"--edition must be one of {', '.join(EDITIONS)}, not {edition[:40]!r}"
    ed = edition_of(edition)
    if not ed.min_players <= players <= ed.max_players:
        return (
            f"--players must be from {ed.min_players} to {ed.max_players} in {edition}, "
            f"not {players}"
        )
    return None


def run(args: argparse.Namespace) -> int:
    problem = table_problem(args.edition, args.players)
    if problem is not None:
        print(f"bench service: {problem}", file=sys.stderr)
        return 2
    runs: list[tuple[str, float, float]] = []
    if args.think > 0:
        runs.append(("paced", args.think, args.seconds))
    if args.think == 0 or args.saturation_seconds > 0:
        runs.append(("saturation", 0.0, args.saturation_seconds or args.seconds))
    if args.database_url is not None and not args.database_url.startswith(
        ("postgresql://", "postgres://")
    ):
        print("bench service: --database-url must start with postgresql://", file=sys.stderr)
        return 2
    wrong = url_problem(args.database_url) if args.database_url is not None else None
    if wrong is not None:  # before the SQLite runs, not after them
        print(f"bench service: --database-url is wrong: {wrong}", file=sys.stderr)
        return 2
    if args.picture_cache_mb is not None:
        from bot.ui import lru

        lru.configure(args.picture_cache_mb * 2**20)
    which = _all if args.tables is None else _tables
    if args.database is not None:
        problem = folder_problem(args.database)
        if problem is not None:
            print(f"bench service: --database {problem}", file=sys.stderr)
            return 2
        status = asyncio.run(which(args, runs, args.database))
    else:
        with tempfile.TemporaryDirectory(prefix="bench-service-") as folder:
            status = asyncio.run(which(args, runs, Path(folder)))
    if args.database_url is not None:
        run_postgres(args, runs)  # the same runs, the same tables, in the same command
    return status


async def _all(args: argparse.Namespace, runs: list[tuple[str, float, float]], folder: Path) -> int:
    print(
        f"bench service: {args.games} concurrent {args.edition} tables x {args.players} players, "
        f"random legal moves (time per move = click -> committed + rendered)"
    )
    settings = ("off", "on") if args.pictures == "both" else (args.pictures,)
    summaries: dict[tuple[str, str], Summary] = {}
    for setting in settings:
        one = argparse.Namespace(**{**vars(args), "pictures": setting})
        for name, think, seconds in runs:
            db = folder / f"bench-{name}.db"
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
            summaries[setting, name] = await _one_run(one, name, think, seconds, db)
    if len(settings) > 1:
        compare(summaries, args.games / args.think if args.think else 0.0, TARGET_P99_MS)
    return 0


async def _tables(
    args: argparse.Namespace, runs: list[tuple[str, float, float]], folder: Path
) -> int:
    from bot.bench.service_tables import run_tables

    return await run_tables(args, folder)


async def _one_run(
    args: argparse.Namespace, name: str, think: float, seconds: float, path: Path
) -> Summary:
    from storage import Storage

    storage = await Storage.open(path, sync=args.sync)
    try:
        figures = await measure(storage, args, think, seconds, range(args.games))
        batches, largest = storage.save_batches
        wal = storage.wal.stats
    finally:
        await storage.close()
    run = _Run(
        think,
        0.0,
        figures.times,
        figures.saves,
        figures.own,
        pictures=args.pictures == "on",
        tables=figures.tables,
    )
    load, wall, cpu = figures.load, figures.wall, figures.cpu
    workers = getattr(args, "picture_workers", "thread") == "process"
    moves = figures.moves
    offered = f", offered ~{args.games / think:.0f} moves/s" if think else ""
    print(
        f"\n{name}: think time {'exp. mean ' + f'{think:g} s' if think else '0'}{offered}; "
        f"pictures {args.pictures}"
    )
    if args.pictures == "on":
        print(f"  table pictures drawn in a {args.picture_workers} (--picture-workers)")
    print(f"  load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; sync={storage.sync}")
    print(f"  moves: {moves} in {wall:.1f} s = {moves / wall:.0f} moves/s")
    p99, p999, most = _ms(run.times, 0.99), _ms(run.times, 0.999), _ms(run.times, 1.0)
    print(
        f"  per move: median {_ms(run.times, 0.5):.2f} ms, p99 {p99:.2f} ms, "
        f"p99.9 {p999:.1f} ms, max {most:.1f} ms"
        + (
            f"  (target p99 <= {TARGET_P99_MS:g} ms: {verdict(p99 <= TARGET_P99_MS)}; "
            f"p99.9 <= {TARGET_P999_MS:g} ms: {verdict(p999 <= TARGET_P999_MS)}; "
            f"max <= {TARGET_MAX_MS:g} ms: {verdict(most <= TARGET_MAX_MS)})"
            if think
            else ""
        )
    )
    if not think:
        mean = statistics.fmean(run.times) * 1000
        print(
            f"  Little's law: {args.games} tables / {moves / wall:.0f} moves/s = "
            f"{args.games / (moves / wall) * 1000:.0f} ms; measured mean {mean:.0f} ms "
            "(closed loop: the queue, not the service)"
        )
    table_p99 = _ms(run.tables, 0.99)
    if run.pictures:
        target = verdict(table_p99 <= TARGET_TABLE_PICTURE_MS)
        print(
            "  pictures on: hand picture in the answer; table picture after it: median "
            f"{_ms(run.tables, 0.5):.2f} ms, p99 {table_p99:.2f} ms"
            + (f"  (target p99 <= {TARGET_TABLE_PICTURE_MS:g} ms: {target})" if think else "")
        )
    print(f"  {reads_line(figures.reads)}")
    print(
        f"  of which save_move (queue + commit): median {_ms(run.saves, 0.5):.2f} ms, "
        f"p99 {_ms(run.saves, 0.99):.2f} ms"
    )
    print(
        f"  service work without the save (lock, apply, render): median "
        f"{_ms(run.own, 0.5):.2f} ms, p99 {_ms(run.own, 0.99):.2f} ms"
    )
    print(
        f"  CPU {cpu / max(moves, 1) * 1000:.2f} ms per move (whole process"
        f"{' and its drawing worker' if args.pictures == 'on' and workers else ''}); "
        f"{batches} commits, {moves / max(batches, 1):.1f} saves per commit, "
        f"largest {largest}"
    )
    if args.pictures == "on" and workers:
        print(
            f"  of which the drawing worker {figures.worker_cpu / max(moves, 1) * 1000:.2f} ms, "
            f"the bot's process {(cpu - figures.worker_cpu) / max(moves, 1) * 1000:.2f} ms"
        )
    print(figures.pauses)
    print(
        "  memory over the run: "
        + ", ".join(
            f"{mib:.0f} MiB and {n:,} allocated blocks at {at:.1f} s"
            for at, mib, n in figures.memory
        )
    )
    print(f"  after the run: {memory_line()}; {memo_line()}")
    print(
        f"  WAL: {wal.checkpoints} checkpoints off the save path (longest "
        f"{wal.longest_checkpoint * 1000:.0f} ms), {wal.forced} forced (saves paused "
        f"{wal.longest_pause * 1000:.0f} ms), {wal.wal_syncs} WAL fsyncs, "
        f"largest WAL {wal.largest_wal / 2**20:.1f} MiB"
    )
    return Summary(moves / wall, p99, cpu / max(moves, 1) * 1000, table_p99)


def reads_line(reads: list[int]) -> str:
    """The game reads per move after its commit (the answer, the table, the news): the
    Outcome carries the committed state, so none are needed (issue 42)."""
    if not reads:
        return "game reads per move: no moves"
    return (
        f"game reads per move (after the commit): mean {statistics.fmean(reads):.2f}, "
        f"max {max(reads)}"
    )


def _ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] * 1000
