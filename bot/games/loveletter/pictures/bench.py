"""`bench render`: time and size of the table and hand pictures.

Plays seeded random games to collect real positions (mid-round and round ends), then
draws each one and prints median and p99 time and the largest PNG per picture kind.
Targets (issue 16): table p99 <= 30 ms, hand p99 <= 10 ms, every picture <= 200 KB. The
card faces are drawn once before timing (their one-off cost is printed on its own); hands
are timed uncached ("drawn") and as repeat views of a cached hand ("cached").

Each picture is timed twice: wall clock (what a player waits) and this thread's CPU time
(`time.thread_time`: the drawing's own cost). On a shared machine the wall clock also counts
the neighbours' work; a line that misses the target on the wall clock alone says so.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from bot.games.loveletter.pictures import hand, hand_png, table_png
from bot.games.loveletter.pictures.faces import back, face, small
from engine.loveletter import (
    EDITIONS,
    GameState,
    PlayerView,
    apply,
    events,
    legal_moves,
    new_game,
    player_view,
)

TARGET_TABLE_MS, TARGET_HAND_MS, TARGET_BYTES = 30.0, 10.0, 200_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--positions", type=int, default=200, help="positions per kind (200)")
    parser.add_argument("--seed", type=int, default=1)


def positions(edition_id: str, players: int, count: int, seed: int) -> list[GameState]:
    """`count` states met while playing random legal moves, round ends among them."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        st = new_game(edition_id, [f"p{i}" for i in range(players)], rng)
        while not st.over and len(found) < count:
            st, _ = apply(st, rng.choice(legal_moves(st)))
            if rng.random() < 0.3:
                found.append(st)
    return found


def _time(draw: Callable[..., bytes], *args: Any, **kw: Any) -> tuple[float, float, int]:
    """Wall and CPU milliseconds for one call, and the PNG's size."""
    t, cpu = time.perf_counter(), time.thread_time()
    size = len(draw(*args, **kw))
    return (time.perf_counter() - t) * 1000, (time.thread_time() - cpu) * 1000, size


def _measure(
    name: str, calls: Sequence[tuple[Any, ...]], draw: Callable[..., bytes], target: float
) -> bool:
    timed = [_time(draw, *c) for c in calls]
    return _line(name, [t[0] for t in timed], [t[1] for t in timed], [t[2] for t in timed], target)


def _p99(ms: Sequence[float]) -> float:
    return statistics.quantiles(ms, n=100)[98] if len(ms) > 1 else ms[0]


def _line(
    name: str, ms: Sequence[float], cpu: Sequence[float], sizes: Sequence[int], target: float
) -> bool:
    p99, cpu99 = _p99(ms), _p99(cpu)
    small = max(sizes) <= TARGET_BYTES
    ok = p99 <= target and small
    verdict = "ok" if ok else "OVER TARGET"
    if not ok and small and cpu99 <= target:
        verdict = "over on the wall clock only (a busy machine)"
    print(
        f"{name:<26} median {statistics.median(ms):6.2f} ms  p99 {p99:6.2f} ms  "
        f"(CPU p99 {cpu99:6.2f} ms)  bytes median {int(statistics.median(sizes)):>7,}  "
        f"max {max(sizes):>7,}  {verdict}"
    )
    return ok


def _warm_cards() -> float:
    t = time.perf_counter()
    for ed in EDITIONS.values():
        back(ed.id)
        for c in ed.cards:
            face(ed.id, c.id)
            small(ed.id, c.id)
    return (time.perf_counter() - t) * 1000


def _round_end(st: GameState, rng: random.Random) -> tuple[GameState, GameState] | None:
    """Play on to the next round end: (state before the last move, state after)."""
    while not st.over:
        new, happened = apply(st, rng.choice(legal_moves(st)))
        if any(isinstance(e, events.RoundEnded) for e in happened):
            return st, new
        st = new
    return None


def _table_calls(
    edition_id: str, players: int, args: argparse.Namespace
) -> tuple[list[Any], list[Any]]:
    """(mid-round calls, round-end calls) of table_png for this many players."""
    states = positions(edition_id, players, args.positions, args.seed)
    mid = [(player_view(st, None),) for st in states]
    rng, ends = random.Random(args.seed), []
    for st in states[:: max(1, len(states) // 40)]:
        end = _round_end(st, rng)
        if end is not None:
            before, after = end
            piles = {s.id: s.discards for s in player_view(before, None).seats}
            ends.append((player_view(after, None), after.history[-1], piles))
    return mid, ends


def _uncached_hand(view: PlayerView) -> bytes:
    hand._hand.cache_clear()  # time the drawing, not the cache
    return hand_png(view)


def run(args: argparse.Namespace) -> int:
    print(f"render: {args.positions} positions per kind, seed {args.seed}")
    print(f"card faces drawn once: {_warm_cards():.0f} ms (all editions, cached after)")
    ok = True
    for edition_id, players in (("hobbit", 2), ("l5r", 4), ("pegasus", 8)):
        mid, ends = _table_calls(edition_id, players, args)
        ends_png = lambda v, r, piles: table_png(v, r, discards=piles)  # noqa: E731
        first = _time(table_png, *mid[0])[1] + (_time(ends_png, *ends[0])[1] if ends else 0)
        print(f"first {players}p tables (layout caches filled once per process): {first:.0f} ms")
        ok &= _measure(f"table {players}p ({edition_id})", mid, table_png, TARGET_TABLE_MS)
        ok &= _measure(f"table {players}p round end", ends, ends_png, TARGET_TABLE_MS)
    states = positions("pegasus", 4, args.positions, args.seed)
    views = [(player_view(st, st.actor),) for st in states if st.actor]
    ok &= _measure("hand (drawn)", views, _uncached_hand, TARGET_HAND_MS)
    ok &= _measure("hand (cached)", views, hand_png, TARGET_HAND_MS)
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench render", description=__doc__)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
