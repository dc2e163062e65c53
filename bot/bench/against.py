"""`bench engine --against DIR`: this checkout's engine and another's (an earlier version,
e.g. `git worktree add /tmp/base main`) measured in turns, each run in a child process of
its own, so both meet the same load of a shared machine; the mean of each with a 95%
interval over the runs, and the ratio.

The child imports `engine` from the directory given (PYTHONPATH comes before the installed
project) and runs the same loop for both, copied here so that an older checkout without
this module can be measured too. Rates are per second of CPU time.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parents[2]  # this checkout: bot/bench/against.py -> root

ADVENTURE = r"""
import random, sys, time
from engine.adventure.rules import apply, legal_moves, new_game
games, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
pick = rng.random
turns = 0
cpu = time.process_time()
for g in range(games):
    s = new_game(["a", "b", "c", "d"][: 2 + g % 3], rng)
    while not s.over and s.pending is not None:
        pid = s.pending.player
        legal = legal_moves(s, pid)
        s, _ = apply(s, pid, legal[int(pick() * len(legal))])
    turns += s.turn_no
print(turns / (time.process_time() - cpu))
"""

LOVELETTER = r"""
import random, sys, time
import engine.loveletter as engine
edition, players, rounds, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
pick = rng.random
seats = [f"p{i}" for i in range(players)]
done = moves = 0
cpu = time.process_time()
while done < rounds:
    state = engine.new_game(edition, seats, rng)
    while not state.over:
        legal = engine.legal_moves(state)
        state, _ = engine.apply(state, legal[int(pick() * len(legal))])
        moves += 1
    done += state.round_no
print(moves / (time.process_time() - cpu))
"""


REFERENCE = r"""
import sys
from bot.bench.reference_loveletter import play_rounds
rounds, moves, seconds = play_rounds(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
print(moves / seconds)
"""
"""The plain reference playout (reference_loveletter.py, this checkout's), same arguments."""


def problem(folder: str, game: str) -> str | None:
    """Why `folder` cannot be measured against, or None."""
    package = Path(folder) / "engine" / game / "__init__.py"
    if not package.is_file():
        return f"--against {folder}: no engine/{game}/ there (give a checkout of this project)"
    return None


def rate(folder: Path, code: str, args: list[str]) -> float:
    """One child run of `code` with the engine of `folder`: its rate."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        cwd=folder,
        capture_output=True,
        text=True,
        check=True,
        stdin=subprocess.DEVNULL,
    )
    return float(done.stdout)


def in_turns(
    runs: list[tuple[Path, str]], repeat: int, args: Callable[[int], list[str]]
) -> list[list[float]]:
    """`repeat` rounds of child runs, one of each (folder, code) a round, with `args(round)`;
    each goes first in turn (the machine's drift falls on all alike): each one's rates."""
    rates: list[list[float]] = [[] for _ in runs]
    for i in range(repeat):
        order = list(enumerate(runs))
        for k, (where, code) in order if i % 2 == 0 else order[::-1]:
            rates[k].append(rate(where, code, args(i)))
    return rates


def interval(values: list[float], digits: str = ",.0f") -> str:
    """Mean ± half the 95% interval (t distribution) of `values`, formatted with `digits`."""
    mean = statistics.mean(values)
    if len(values) < 2:
        return f"{mean:{digits}}"
    half = T95.get(len(values) - 1, 1.96) * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:{digits}} ± {half:{digits}}"


T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
"""Two-sided 95% t quantiles by degrees of freedom (more: 1.96 is near enough)."""


def compare(
    folder: str, game: str, args: list[str], repeat: int, unit: str, reference: bool = False
) -> None:
    """Alternating child runs of this checkout's engine and `folder`'s; prints both and
    the ratio (this one over the other). `reference`: the plain reference playout runs in
    the same turns, and each engine's rate over the reference run beside it is printed."""
    code = ADVENTURE if game == "adventure" else LOVELETTER
    other = Path(folder).resolve()
    runs = [(HERE, code), (other, code)] + ([(HERE, REFERENCE)] if reference else [])
    ours, theirs, *rest = in_turns(runs, repeat, lambda _run: args)
    plain = rest[0] if rest else []
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(f"against {other} ({repeat} runs each, in turns, CPU time; mean ± 95% interval):")
    print(f"   this checkout {interval(ours)} {unit}")
    print(f"   {other.name:13s} {interval(theirs)} {unit}")
    spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if len(ratios) > 1 else f"{ratios[0]:.2f}"
    print(f"   ratio {statistics.mean(ratios):.2f}x (runs: {spread})")
    if reference:
        print(f"   reference playout {interval(plain)} {unit}; engine/reference, run by run:")
        for name, rates in (("this checkout", ours), (other.name, theirs)):
            each = [a / b for a, b in zip(rates, plain, strict=True)]
            print(f"   {name:13s} {interval(each, '.2f')}x")
