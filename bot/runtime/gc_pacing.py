"""Garbage collections paced by the event loop (GC_YOUNG_MS): small and often, rather than
CPython's rare and long ones.

CPython starts a young (generation-0) collection when its allocations minus deallocations of
tracked objects pass a threshold. In the bot a move's new objects mostly replace old ones
(the game's new state for the old, the new message for the last), so that count barely grows
while the young generation fills with every table's newest state: at 200 moves/s it held
25,000-30,000 objects when it was finally walked, ~40 ms of CPU in one piece, the largest move
latency of `bench service` (README "Performance").

Here CPython's own triggers are turned off (a young threshold so high that only a stalled
loop reaches it, as a backstop) and a task on the event loop collects instead, every
`every_ms` milliseconds:

- the young generation at every tick: it holds only what was made since the last tick;
- generation 1 once the young collections' survivors in it reach `middle_objects`
  (CPython's rule, every tenth young collection, walks as many objects as happened to
  survive; counting them keeps each of these collections about the same small size);
- the oldest generation (a full collection) once the process's memory grew by `growth` (a
  quarter, as CPython's own rule) over what it was after the last full collection, counted
  when generation 1 is collected, in the small-object blocks Python's allocator holds
  (`sys.getallocatedblocks`: every tracked object is one or more, and counting them costs
  ~0.2 ms, where listing the oldest generation to count it took 2-7 ms). Growth, not the
  objects promoted (CPython's count): most of what is promoted dies by its reference count
  before the next full collection, and only a net growth can be cyclic garbage. So memory
  stays bounded: the garbage cycles kept are at most a quarter of the blocks the process had
  after the last full collection, start-up's frozen objects included
  (tests/bot/runtime/test_gc_pacing.py plays a long fake run and counts).

`every_ms` 0 leaves CPython's own triggers on (bot/runtime/gc_tuning.py's thresholds): what
the Discord tests' bots use (tests/conftest.py sets GC_YOUNG_MS=0 for every test). SimCord's
virtual clock runs every timer of the bot's loop when a test advances time, so a periodic
task would turn each `advance_time` of a turn timer's 300 s into 6,000 collections and keep
SimCord's settle from ever finding the bot idle (a SimCord bot paced never reached its first
move in tests/bot/stop_harness.py). The pacer's own tests use a real loop.

What it costs: a collection runs between two callbacks of the loop, so it is in the latency of
the moves waiting then, as CPython's own were: smaller and more of them. And more CPU: a
table's state lives about as long as a player thinks, so objects CPython's rare collections
never saw alive are walked now, once young and once or twice in generation 1 (README
"Performance" has the figures).
"""

from __future__ import annotations

import asyncio
import gc
import sys
from dataclasses import dataclass, field

DEFAULT_GC_YOUNG_MS = 50
"""GC_YOUNG_MS unset: young collections every 0.05 s (~10 moves' survivors at 200 moves/s)."""
MAX_GC_YOUNG_MS = 10_000
"""A young collection every 10 s is CPython's own pace at the least."""
MIN_GC_YOUNG_MS = 10
"""More often than a move's time: the collector would be the bot's work."""
MIDDLE_OBJECTS = 3_000
"""Generation 1 is collected once it holds this many objects (with a tick's young ones)."""
GROWTH = 0.25
"""A full collection once memory grew by this share of what it was after the last one."""
BACKSTOP = 100_000
"""CPython's young threshold while paced: only a loop stalled for seconds reaches it."""
NEVER = 1_000_000
"""Generation 1's and 2's thresholds while paced: CPython's rule for them never fires."""


@dataclass
class PacerCounts:
    """What the pacer did: collections by generation, for tests and bench output."""

    collections: list[int] = field(default_factory=lambda: [0, 0, 0])
    blocks_after_full: int = 0  # the allocator's blocks after the last full collection


class GcPacer:
    """Young collections every `every_ms` from a task on the running loop, the older
    generations by their size (module docstring). `start` once the loop runs; `stop` at close.
    """

    def __init__(
        self,
        every_ms: int,
        *,
        middle_objects: int = MIDDLE_OBJECTS,
        growth: float = GROWTH,
    ) -> None:
        self.every_ms = every_ms
        self.middle_objects = middle_objects
        self.growth = growth
        self.counts = PacerCounts()
        self._task: asyncio.Task[None] | None = None
        self._thresholds: tuple[int, int, int] | None = None  # CPython's, while paced

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Take over from CPython's triggers (none of this with `every_ms` 0). Starting again
        (a reconnect's setup_hook) replaces the earlier task."""
        self.stop()
        if self.every_ms <= 0:
            return
        self._thresholds = gc.get_threshold()
        gc.set_threshold(BACKSTOP, NEVER, NEVER)
        self.counts.blocks_after_full = sys.getallocatedblocks()
        self._task = asyncio.get_running_loop().create_task(self._pace(), name="gc-pacer")

    def stop(self) -> None:
        """CPython's own triggers again, as they were before `start`."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    async def _pace(self) -> None:
        loop = asyncio.get_running_loop()
        seconds = self.every_ms / 1000
        due = loop.time()
        while True:  # at a fixed rate: a busy loop's late ticks do not stretch the pace
            due = max(due + seconds, loop.time())
            await asyncio.sleep(due - loop.time())
            self.collect()

    def collect(self) -> int:
        """One tick: the young generation, and the older ones when their rule says so.
        Returns the oldest generation collected."""
        generation = 0
        if len(gc.get_objects(1)) >= self.middle_objects:
            grown = sys.getallocatedblocks() - self.counts.blocks_after_full
            generation = 2 if grown > self.counts.blocks_after_full * self.growth else 1
        gc.collect(generation)
        self.counts.collections[generation] += 1
        if generation == 2:
            self.counts.blocks_after_full = sys.getallocatedblocks()
        return generation

    def line(self) -> str:
        """For bench output: the pace and what it collected."""
        if self.every_ms <= 0:
            return "GC paced: no (GC_YOUNG_MS 0: CPython's own triggers)"
        young, middle, full = self.counts.collections
        return (
            f"GC paced every {self.every_ms} ms: {young} young, {middle} generation-1 "
            f"(at {self.middle_objects:,} objects), {full} full collections (at "
            f"{self.counts.blocks_after_full:,} allocated blocks after the last)"
        )
