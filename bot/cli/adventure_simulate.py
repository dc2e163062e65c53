"""`python -m bot simulate --game adventure`: AI-only games of The Hobbit Adventure Boardgame.

The same figures as Love Letter's simulate (bot/cli/simulate.py): per seat the win rate with
a 95% Wilson interval, then how often the Dragon wins (every hobbit out) and the game length
in turns (median and average). Game `number` of run `seed` is seeded from both, so the figures
are the same for any --jobs. The first hobbit is drawn at random in every game (ADV-1), so no
seat always starts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bot.cli.simulate import progress, wilson

MAX_DECISIONS = 20_000
"""A game still running after this many decisions counts as unfinished (none ever has)."""


@dataclass(frozen=True, slots=True)
class Played:
    """One game, by seat index: the winner (None: the Dragon, or unfinished), its length."""

    winner: int | None
    dragon_won: bool
    turns: int
    decisions: int


def play_game(levels: Sequence[str], seed: int, number: int) -> Played:
    """Game `number` of the run `seed`, one AI hobbit per seat; deterministic."""
    from engine.adventure.ai import choose
    from engine.adventure.rules import apply, legal_moves, new_game
    from engine.adventure.view import view

    ids = [f"s{i + 1}" for i in range(len(levels))]
    state = new_game(ids, random.Random(f"{seed}/{number}"))
    rngs = {p: random.Random(f"{seed}/{number}/{p}") for p in ids}
    level = dict(zip(ids, levels, strict=True))
    decisions = 0
    while not state.over and state.pending is not None and decisions < MAX_DECISIONS:
        pid = state.pending.player
        decision = choose(level[pid], view(state, pid), legal_moves(state, pid), rngs[pid])
        state, _ = apply(state, pid, decision)
        decisions += 1
    winner = None if state.winner is None else ids.index(state.winner)
    return Played(winner, state.dragon_won, state.turn_no, decisions)


def _one(job: tuple[tuple[str, ...], int, int]) -> Played:
    return play_game(*job)


def results(levels: Sequence[str], games: int, seed: int, jobs: int) -> Iterator[Played]:
    """The games in order; with jobs > 1 they are played by a process pool."""
    work = [(tuple(levels), seed, g) for g in range(games)]
    if jobs <= 1:
        yield from map(_one, work)
        return
    from bot.cli.pool import pooled

    yield from pooled(_one, work, jobs, chunksize=max(1, min(10, games // (jobs * 8))))


def run(args: argparse.Namespace, levels: list[str]) -> int:
    """`levels` are known ones and --games / --jobs checked (simulate.py)."""
    if not 2 <= len(levels) <= 4:
        print("simulate: The Hobbit Adventure Boardgame is for 2–4 players", file=sys.stderr)
        return 2
    collected: list[Played] = []
    steps = 100 if sys.stderr.isatty() else 10
    for played in results(levels, args.games, args.seed, args.jobs):
        collected.append(played)
        done = len(collected)
        if done == args.games or done % max(1, args.games // steps) == 0:
            sys.stderr.write(progress(done, args.games))
            sys.stderr.flush()
    sys.stderr.write("\n")
    for line in report(levels, args.seed, collected):
        print(line)
    return 0


def report(levels: Sequence[str], seed: int, games: Sequence[Played]) -> list[str]:
    """The figures as printed lines."""
    n = len(games)
    lines = [
        f"{n} game{'' if n == 1 else 's'} · adventure · {len(levels)} players · seed {seed}",
        f"{'seat':<5} {'level':<9} {'wins':>6} {'win rate':>9} {'95% CI':>17}",
    ]
    for i, level in enumerate(levels):
        wins = sum(1 for g in games if g.winner == i)
        low, high = wilson(wins, n)
        ci = f"[{low:6.1%}, {high:6.1%}]"
        lines.append(f"s{i + 1:<4} {level:<9} {wins:>6} {wins / n:>9.1%} {ci:>17}")
    dragon = sum(1 for g in games if g.dragon_won)
    low, high = wilson(dragon, n)
    lines.append(
        f"the Dragon wins (every hobbit out): {dragon} game{'' if dragon == 1 else 's'},"
        f" {dragon / n:.1%} "
        f"[{low:.1%}, {high:.1%}]"
    )
    unfinished = sum(1 for g in games if g.winner is None and not g.dragon_won)
    if unfinished:
        lines.append(f"unfinished after {MAX_DECISIONS:,} decisions: {unfinished}")
    turns = [g.turns for g in games]
    lines.append(
        f"game length: median {statistics.median(turns):g} turns, average "
        f"{statistics.fmean(turns):.1f} turns, {statistics.fmean(g.decisions for g in games):.1f}"
        " decisions"
    )
    return lines
