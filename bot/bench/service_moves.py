"""`bench service`: the tables themselves, each playing random legal moves through GameService
and timing every one (click to committed state and rendered output), and what one process
measured (Figures).

Its own module because the running of tables is one concept and the bench's command (options,
runs, the printed report: bot/bench/service.py) another; the PostgreSQL runs
(bot/bench/service_pg.py) and the idle tables (bot/bench/service_tables.py) run the same tables.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import importlib
import os
import random
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any

from bot.bench.probes import GcPauses, TimedStorage, sample_memory
from bot.bench.service_cpu import DrawingCpu
from bot.runtime.gc_pacing import GcPacer
from bot.runtime.gc_tuning import tune_for_service


@dataclass
class _Run:
    think: float
    deadline: float = 0.0
    times: list[float] = field(default_factory=list)
    saves: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    pictures: bool = True
    tables: list[float] = field(default_factory=list)  # table picture: queue + drawing
    reads: list[int] = field(default_factory=list)  # game reads after each commit
    counter: Any = None  # storage/postgres/round_trips.py's RoundTrips, on PostgreSQL
    trips: list[int] = field(default_factory=list)  # round trips of each move


@dataclass
class Figures:
    """What one process measured (picklable: bot/bench/service_pg.py collects it from workers)."""

    moves: int
    wall: float
    cpu: float
    times: list[float]
    saves: list[float]
    own: list[float]
    load: tuple[float, float, float]
    pauses: str = ""
    tables: list[float] = field(default_factory=list)  # table pictures, when drawn
    worker_cpu: float = 0.0  # of `cpu`, the drawing worker process's
    reads: list[int] = field(default_factory=list)  # game reads after each commit
    caches: dict[str, tuple[int, int]] = field(default_factory=dict)  # name: (size, bound)
    trips: list[int] = field(default_factory=list)  # round trips of each move (PostgreSQL)
    memory: list[tuple[float, float, int]] = field(default_factory=list)  # (s, RSS MiB, blocks)


RENDERING = (
    "bot.games.loveletter.messages.hand",
    "bot.games.loveletter.messages.table",
    "bot.games.loveletter.presenter",
    "bot.ui.delivery",
    "bot.ui.pictures",
)
"""What `_play` renders a move with; imported (discord among it) before the timed window."""


async def measure(
    storage: Any,
    args: argparse.Namespace,
    think: float,
    seconds: float,
    tables: range,
    ready: Any = None,
    cache_size: int | None = None,
    resume: bool = False,
    counter: Any = None,
) -> Figures:
    """Start a game at each of `tables`, await `ready()` (if given: all processes start
    together), then play for `seconds` (`cache_size`: GAME_CACHE, else its default; `resume`:
    first load the running games as a restart does; `counter`: the round trips to count)."""
    from bot.service import GameService

    timed = TimedStorage(storage)
    sized = {} if cache_size is None else {"cache_size": cache_size}
    service = GameService(timed, **sized)  # type: ignore[arg-type]
    if resume:
        await service.load_running()
    run = _Run(think, pictures=getattr(args, "pictures", "off") != "off", counter=counter)
    rngs = {i: random.Random(args.seed * 1_000_003 + i) for i in tables}
    firsts = {i: await _new_game(service, args, i, 0, rngs[i]) for i in tables}
    for name in RENDERING:  # as a running bot, which has them from its start: the timed
        importlib.import_module(name)  # window holds moves, not a first move's imports
    workers = DrawingCpu(getattr(args, "picture_workers", "thread") if run.pictures else None)
    await workers.start()  # as the bot's setup_hook: warmed, not what a move costs
    if args.tuning:
        tune_for_service()  # as the bot's setup_hook does once its games are loaded
    if ready is not None:
        await ready()
    pacer = GcPacer(args.gc_young_ms)  # as the bot's setup_hook starts it
    pacer.start()
    load = os.getloadavg()
    worker, cpu, wall = workers.seconds(), time.process_time(), time.perf_counter()
    run.deadline = wall + seconds
    memory: list[tuple[float, float, int]] = []  # at each quarter: flat, or a leak
    sampler = asyncio.create_task(sample_memory(memory, seconds / 4))
    try:
        with GcPauses() as pauses:
            counts = await asyncio.gather(
                *(_table(service, timed, args, i, firsts[i], rngs[i], run) for i in tables)
            )
    finally:  # CPython's triggers back even if a table failed
        sampler.cancel()
        pacer.stop()
    worker = workers.seconds() - worker  # the drawing worker's CPU, besides this process's
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu + worker
    await workers.stop()
    gc.collect()  # what is left are the locks of games someone still holds
    kept, limit, locks = service.held()
    caches = {
        "running games kept parsed (GAME_CACHE)": (kept, limit),
        "game locks alive (one per game in use)": (locks, len(tables)),
    }
    return Figures(
        sum(counts), wall, cpu, run.times, run.saves, run.own, load,
        f"{pauses.line()}\n  {pacer.line()}", run.tables,
        worker, run.reads, caches, run.trips, memory,
    )  # fmt: skip


async def _new_game(
    service: Any, args: argparse.Namespace, table: int, number: int, rng: random.Random
) -> int:
    channel = getattr(args, "channel_base", 10_000) + table
    users = [1_000_000 + (table * 1000 + number % 1000) * 10 + i for i in range(args.players)]
    await service.new_lobby(1, channel, users[0], "p0", "loveletter", args.edition, {})
    for i, user in enumerate(users[1:], 1):
        await service.join(channel, user, f"p{i}")
    game = await service.start(channel, users[0], rng=random.Random(rng.random()))
    return int(game.id)


async def _table(
    service: Any,
    timed: TimedStorage,
    args: argparse.Namespace,
    table: int,
    game_id: int,
    rng: random.Random,
    run: _Run,
) -> int:
    """One table: plays until the deadline, starting a new game whenever one ends."""
    moves, games = 0, 0
    while True:
        moves += await _play(service, timed, game_id, rng, run)
        if time.perf_counter() >= run.deadline:
            return moves
        games += 1
        game_id = await _new_game(service, args, table, games, rng)


async def _play(
    service: Any, timed: TimedStorage, game_id: int, rng: random.Random, run: _Run
) -> int:
    from bot.games.loveletter.messages.hand import hand_message
    from bot.games.loveletter.messages.table import table_message
    from bot.games.loveletter.presenter import PRESENTATION
    from bot.ui.delivery import private_news, reply_lines
    from bot.ui.pictures import draw

    moves = 0
    task = asyncio.current_task()
    while True:
        if run.think:
            pause = rng.expovariate(1 / run.think)
            await asyncio.sleep(min(pause, max(0.0, run.deadline - time.perf_counter())))
        if time.perf_counter() >= run.deadline:
            return moves
        current, state = await service.running(game_id)
        actor = state.actor
        move = rng.choice(service.legal(current, state, actor))  # as a click reads them
        counting = run.counter.counting() if run.counter is not None else nullcontext([0])
        start = time.perf_counter()
        with counting as trips:  # the click: the move and the read for its answer
            outcome = await service.play(game_id, actor, move, current.version)
            reads = timed.reads.get(task, 0)  # after the commit, as the bot follows a move up
            reply = tuple(reply_lines(PRESENTATION, outcome))  # as a click's answer renders them
            private_news(PRESENTATION, outcome)
            table = table_message(outcome.table)  # as TableDelivery makes it, pictures or not
            if outcome.game.status == "running":
                hand = service.hand(outcome.game, outcome.state, actor)  # as the controller
                answer = hand_message(hand, reply=reply)
                if run.pictures:
                    await draw(answer.pictures)
        spent = time.perf_counter() - start
        if run.counter is not None:
            run.trips.append(trips[0])
        if run.pictures:
            await draw(table.pictures, off_loop=True)
            run.tables.append(time.perf_counter() - start - spent)
        saved = timed.last.pop(task, 0.0)
        run.reads.append(timed.reads.get(task, 0) - reads)
        run.times.append(spent)
        run.saves.append(saved)
        run.own.append(spent - saved)
        moves += 1
        if outcome.game.status != "running":
            return moves
