"""`python -m bot simulate`: AI-only games with per-seat win rates, for measuring AI strength.

`--game adventure` plays The Hobbit Adventure Boardgame instead (bot/cli/adventure_simulate.py):
the games offered are those registered with a `simulate` tool (bot.platform.registry).

Each game's seed is derived from --seed and its number, so the figures are the same for any
--jobs. Prints per seat the game win rate with a 95% Wilson interval and the round win rate,
and the average game length; a progress bar goes to stderr.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.cli import count

if TYPE_CHECKING:
    from engine.loveletter.moves import Move
    from engine.loveletter.views import PlayerView

    Watch = Callable[[str, PlayerView, list[Move], Move], None]

Z95 = 1.959964
MAX_GAMES = 1_000_000
"""Games a run plays at most: hours of play, intervals far narrower than any AI difference."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from bot.cli.play import _or
    from bot.platform.registry import with_tool

    offered = with_tool("simulate")
    parser = subparsers.add_parser(
        "simulate",
        help="play AI-only games and print win rates per seat",
        description=__doc__,
    )
    parser.add_argument(
        "--game",
        choices=offered,
        default=offered[0] if offered else None,
        help=_or(offered),
    )
    parser.add_argument("--edition", default="pegasus", help="hobbit, l5r or pegasus")
    parser.add_argument(
        "--seats",
        default=None,
        help="one AI level per seat, comma-separated (e.g. expert,novice); default: the game's "
        "levels in turn, one a seat (novice,standard,expert; --players sets how many seats)",
    )
    parser.add_argument(
        "--players", type=count(), default=None, help="seats (must match --seats if given)"
    )
    parser.add_argument(
        "--games", type=count(1, MAX_GAMES), default=100, help="games to play (default 100)"
    )
    parser.add_argument("--seed", type=count(), default=1, help="seed of the whole run (default 1)")
    parser.add_argument("--jobs", type=count(), default=1, help="worker processes (default 1)")
    parser.set_defaults(func=run)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game, by seat index."""

    winner: int
    rounds: int
    moves: int
    round_wins: tuple[int, ...]  # rounds won per seat
    rounds_played: tuple[int, ...]  # rounds dealt into, per seat


def play_game(
    edition: str, levels: Sequence[str], seed: int, number: int, watch: Watch | None = None
) -> GameResult:
    """Play game `number` of the run `seed` with one AI per seat; deterministic.

    `watch(level, view, legal, move)` sees every move as it is chosen (see `keeps`).
    """
    import engine.loveletter as engine
    from engine.loveletter.ai import choose

    ids = [f"s{i + 1}" for i in range(len(levels))]
    state = engine.new_game(edition, ids, random.Random(f"{seed}/{number}"))
    rngs = {p: random.Random(f"{seed}/{number}/{p}") for p in ids}
    level = dict(zip(ids, levels, strict=True))
    moves = 0
    while not state.game_over:
        actor = state.actor
        assert actor is not None
        legal = engine.legal_moves(state)
        view = engine.player_view(state, actor)
        move = choose(level[actor], view, legal, rngs[actor])
        if watch is not None:
            watch(level[actor], view, legal, move)
        state, _ = engine.apply(state, move)
        moves += 1
    assert state.winner is not None
    wins = [0] * len(ids)
    played = [0] * len(ids)
    for result in state.history:
        for p in result.winners:
            wins[ids.index(p)] += 1
        for p in result.players:
            played[ids.index(p)] += 1
    return GameResult(
        ids.index(state.winner), len(state.history), moves, tuple(wins), tuple(played)
    )


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _one(job: tuple[str, tuple[str, ...], int, int]) -> GameResult:
    return play_game(*job)


def results(
    edition: str, levels: Sequence[str], games: int, seed: int, jobs: int
) -> Iterator[GameResult]:
    """The games in order; with jobs > 1 they are played by a process pool."""
    work = [(edition, tuple(levels), seed, g) for g in range(games)]
    if jobs <= 1:
        yield from map(_one, work)
        return
    from bot.cli.pool import pooled

    yield from pooled(_one, work, jobs, chunksize=max(1, min(20, games // (jobs * 8))))


def _cores() -> int:
    """The cores this process may run on (its affinity, where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def useful_jobs(games: int) -> int:
    """Worker processes that can help: one per core, and no more than there are games (each
    worker is a whole Python process: 100,000 of them would swamp the machine)."""
    return max(1, min(games, _cores()))


def progress(done: int, total: int, width: int = 30) -> str:
    filled = width * done // total if total else width
    return f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"


def run(args: argparse.Namespace) -> int:
    from bot.platform.registry import tool
    from engine.api import game

    known = game(args.game).ai_levels
    levels = default_seats(known, args.players) if args.seats is None else _split(args.seats)
    problem = _check(args, levels, known)
    if problem:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    jobs = useful_jobs(args.games)
    if args.jobs > jobs:
        print(
            f"simulate: --jobs {args.jobs:,} is more than can help; using {jobs} "
            f"({args.games:,} game{'s' * (args.games > 1)}, {_cores()} cores)",
            file=sys.stderr,
        )
        args.jobs = jobs
    simulated: int = tool(args.game, "simulate")(args, levels)
    return simulated


def run_loveletter(args: argparse.Namespace, levels: list[str]) -> int:
    """Love Letter's AI-only games (its `simulate` tool, registered by bot/games/loveletter)."""
    import engine.loveletter as engine

    try:
        ed = engine.edition(args.edition)
    except ValueError as error:
        print(f"simulate: {error}", file=sys.stderr)
        return 2
    if not ed.min_players <= len(levels) <= ed.max_players:
        print(
            f"simulate: {ed.title} is for {ed.min_players}–{ed.max_players} players",
            file=sys.stderr,
        )
        return 2
    collected: list[GameResult] = []
    steps = 100 if sys.stderr.isatty() else 10
    for r in results(ed.id, levels, args.games, args.seed, args.jobs):
        collected.append(r)
        done = len(collected)
        if done == args.games or done % max(1, args.games // steps) == 0:
            sys.stderr.write(progress(done, args.games))
            sys.stderr.flush()
    sys.stderr.write("\n")
    for line in report(ed.id, levels, args.seed, collected):
        print(line)
    return 0


def default_seats(levels: Sequence[str], players: int | None) -> list[str]:
    """The seats when --seats is not given: every AI level in turn, one a seat, so the plain
    command compares the levels against each other; --players repeats or cuts the round."""
    return [levels[i % len(levels)] for i in range(len(levels) if players is None else players)]


def _split(seats: str) -> list[str]:
    return [s.strip() for s in seats.split(",") if s.strip()]


def _check(args: argparse.Namespace, levels: list[str], known: Iterable[str]) -> str | None:
    unknown = [lv for lv in levels if lv not in known]
    if unknown:
        return f"unknown level(s) {', '.join(unknown)}; choose from {', '.join(known)}"
    if args.players is not None and args.players != len(levels):
        return f"--players {args.players} but --seats names {len(levels)} seats"
    if args.games < 1 or args.jobs < 1:
        return "--games and --jobs must be at least 1"
    return None


def report(
    edition: str, levels: Sequence[str], seed: int, games: Sequence[GameResult]
) -> list[str]:
    """The figures as printed lines."""
    n = len(games)
    lines = [
        f"{n} game{'' if n == 1 else 's'} · {edition} · {len(levels)} players · seed {seed}",
        f"{'seat':<5} {'level':<9} {'wins':>6} {'win rate':>9} {'95% CI':>17} {'round wins':>11}",
    ]
    for i, level in enumerate(levels):
        wins = sum(1 for g in games if g.winner == i)
        low, high = wilson(wins, n)
        rounds_won = sum(g.round_wins[i] for g in games)
        rounds = sum(g.rounds_played[i] for g in games)
        round_rate = rounds_won / rounds if rounds else 0.0
        ci = f"[{low:6.1%}, {high:6.1%}]"
        lines.append(
            f"s{i + 1:<4} {level:<9} {wins:>6} {wins / n:>9.1%} {ci:>17} {round_rate:>11.1%}"
        )
    avg_rounds = sum(g.rounds for g in games) / n
    avg_moves = sum(g.moves for g in games) / n
    lines.append(f"average game length: {avg_rounds:.2f} rounds, {avg_moves:.1f} moves")
    return lines
