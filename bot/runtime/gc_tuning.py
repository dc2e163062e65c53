"""Garbage-collector and memo settings for a long-running process (the bot, bench service).

An engine may memoise (Love Letter: legal moves and shared events per player ids). A
benchmark replays the same ids, so big memos pay; a bot sees new ids with nearly every game,
so they hit a few per cent at most, and every held entry is more objects for each full
collection to walk (one per few seconds at 200 tables: ~1-2 s each once the default
100-200k-entry memos were full, against ~50 ms at 5,000). After start-up, `gc.freeze()`
moves the modules, discord.py and the loaded games out of the collector's sight, and a
larger first generation makes young collections (and so the older ones they trigger) rarer.

The bot has worker threads (the database's, the pictures' in bot/ui/pictures.py): a thread
that gives up the GIL (a database call) waits a whole switch interval to get it back while
another draws a picture, so a save took up to ~70 ms at p99 beside picture drawing (bench
service, 50 tables); a 0.5 ms interval brought it back under 20 ms.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import dataclass

from engine.api import Memoising, games

MEMO_BUDGET = 5_000  # legal-set entries
SHARED_BUDGET = 500
"""Entries of each shared event table (engine/loveletter/flyweights.py: ~15 tables, keyed by
player ids, which a bot sees anew with nearly every game): at 5,000 they held ~27,000 objects
for every full collection to walk after two minutes of `bench service`."""
GEN0_THRESHOLD = 10_000  # CPython's default is 700 allocations
GEN1_THRESHOLD = 10
GEN2_THRESHOLD = 10
SWITCH_INTERVAL = 0.0005  # seconds; CPython's default is 0.005


@dataclass(frozen=True)
class Tuning:
    """What `tune_for_service` set, for logs and bench output."""

    memo_budget: int
    thresholds: tuple[int, int, int]
    frozen: int  # objects this call froze (with those frozen before: gc.get_freeze_count())
    switch_interval: float = SWITCH_INTERVAL


def tune_for_service(budget: int = MEMO_BUDGET) -> Tuning:
    """Bound the engine memos, freeze what start-up made, raise the young-generation threshold,
    shorten the GIL's switch interval.

    Call once start-up is done (running games loaded, views registered); calling it again
    (a reconnect's setup_hook) freezes what was made since, which is harmless.
    """
    for game in _memoising().values():
        game.set_memo_budget(budget, SHARED_BUDGET)
    gc.collect()  # freeze only live objects, not start-up garbage
    frozen = tracked_objects()  # not gc.get_freeze_count(): it walks all ever frozen
    gc.freeze()
    gc.set_threshold(GEN0_THRESHOLD, GEN1_THRESHOLD, GEN2_THRESHOLD)
    sys.setswitchinterval(SWITCH_INTERVAL)
    return Tuning(budget, gc.get_threshold(), frozen, sys.getswitchinterval())


def tracked_objects() -> int:
    """The objects the collector walks: tracked and not frozen."""
    return len(gc.get_objects())


def _memoising() -> dict[str, Memoising]:
    return {name: g for name, g in games().items() if isinstance(g, Memoising)}


def memo_line() -> str:
    """The engines' memo sizes against their budgets, for bench output."""
    lines = []
    for name, game in _memoising().items():
        entries, made = game.memo_stats()
        budget = game.memo_budget()
        lines.append(f"{name} legal-move memo {entries:,} of {budget:,} entries ({made:,} made)")
    return "; ".join(lines)
