"""Measurements of the adventure engine and its AI hobbits, printed (never timed tests).

`bench engine --game adventure`: random-play turns/s and decisions/s, best of --repeat runs
(a target of at least 25,000 turns/s, issue 44: the expert plays many games on per decision).
The rate is per second of this process's CPU time, so other work on a shared machine does not
count; the wall-clock rate is printed beside it.
`bench ai --game adventure`: decision time median / p99 / max per AI level, every level timed
on the same positions (from games of standard hobbits at 2, 3 and 4 players).
The win rates are `simulate --game adventure` (bot/cli/adventure_simulate.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.bench.ai import EXPERT_TARGET_MS, p99, tuning_label

TURNS_TARGET = 25_000
STRIDE = 4
"""Every fourth decision of a game is timed, so positions come from all of its stages."""


def random_games(games: int, seed: int) -> tuple[int, int, float, float]:
    """(turns, decisions, CPU seconds, wall seconds) of `games` games of random decisions."""
    from engine.adventure.rules import apply, legal_moves, new_game

    rng = random.Random(seed)
    pick = rng.random  # uniform pick via the C-level random(): randrange() is pure Python
    turns = decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(games):
        s = new_game(["a", "b", "c", "d"][: 2 + g % 3], rng)
        while not s.over and s.pending is not None:
            pid = s.pending.player
            legal = legal_moves(s, pid)
            s, _ = apply(s, pid, legal[int(pick() * len(legal))])
            decisions += 1
        turns += s.turn_no
    return turns, decisions, time.process_time() - cpu, time.perf_counter() - start


def engine(args: argparse.Namespace) -> int:
    print(f"adventure engine: {args.games} random games of 2-4 hobbits, best of {args.repeat}")
    best = max(
        (random_games(args.games, args.seed + i) for i in range(args.repeat)),
        key=lambda r: r[0] / r[2],
    )
    turns, decisions, seconds, wall = best
    rate = turns / seconds
    verdict = "meets" if rate >= TURNS_TARGET else "MISSES"
    print(f"adventure {rate:10,.0f} turns/s {decisions / seconds:12,.0f} decisions/s (CPU time)")
    print(f"   wall clock {turns / wall:,.0f} turns/s; {decisions / turns:.1f} decisions per turn")
    print(f"   {verdict} the target of {TURNS_TARGET:,} turns/s")
    return 0


def engine_against(args: argparse.Namespace) -> int:
    """The Adventure's `bench engine` tool: its rates, and with `--against` another
    checkout's beside them."""
    engine(args)
    if args.against is not None:
        from bot.bench import against

        child = [str(args.games), str(args.seed)]
        against.compare(args.against, "adventure", child, args.repeat, "turns/s")
    return 0


def ai(args: argparse.Namespace, levels: list[str]) -> int:
    wall, cpu = measure(levels, args.positions, args.seed)
    print(
        f"adventure AI decision time over {args.positions} positions "
        f"(2-4 hobbits, {tuning_label(args)})"
    )
    print(f"{'level':<10} {'median ms':>10} {'p99 ms':>10} {'max ms':>10} {'CPU p99 ms':>11}")
    for level in levels:
        ms = sorted(t * 1000 for t in wall[level])
        on_cpu = p99(sorted(t * 1000 for t in cpu[level]))
        print(
            f"{level:<10} {statistics.median(ms):>10.3f} {p99(ms):>10.3f} {ms[-1]:>10.3f}"
            f" {on_cpu:>11.3f}"
        )
    if "expert" in wall:
        worst = p99(sorted(t * 1000 for t in wall["expert"]))
        verdict = "meets" if worst <= EXPERT_TARGET_MS else "MISSES"
        print(f"expert p99 {worst:.1f} ms {verdict} the {EXPERT_TARGET_MS:.0f} ms target")
    return 0


Timings = dict[str, list[float]]


def measure(levels: list[str], positions: int, seed: int) -> tuple[Timings, Timings]:
    """Seconds per decision of each level (wall clock, CPU), on the same views and decisions;
    the CPU time leaves out what other processes of a shared machine took."""
    from engine.adventure.ai import choose
    from engine.adventure.rules import apply, legal_moves, new_game
    from engine.adventure.view import view

    rng = random.Random(seed)
    out: Timings = {lv: [] for lv in levels}
    cpu: Timings = {lv: [] for lv in levels}
    done = game = 0
    while done < positions:
        s = new_game([f"h{i}" for i in range(2 + game % 3)], random.Random(rng.random()))
        game += 1
        step = 0
        while not s.over and s.pending is not None and done < positions:
            pid = s.pending.player
            v, legal = view(s, pid), legal_moves(s, pid)
            step += 1
            if step % STRIDE == 0:
                for level in levels:
                    start, on_cpu = time.perf_counter(), time.process_time()
                    choose(level, v, legal, random.Random(done))
                    out[level].append(time.perf_counter() - start)
                    cpu[level].append(time.process_time() - on_cpu)
                done += 1
            s, _ = apply(s, pid, choose("standard", v, legal, random.Random(step)))
    return out, cpu
