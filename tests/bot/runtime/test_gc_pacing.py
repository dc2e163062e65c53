"""bot.runtime.gc_pacing: collections paced by the event loop (GC_YOUNG_MS) free the garbage
cycles made in the loop, keep memory bounded, and 0 leaves CPython's own triggers. On a real
asyncio loop (not SimCord's: tests/conftest.py keeps the Discord tests' bots at 0)."""

from __future__ import annotations

import asyncio
import gc
import random
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from bot.runtime.gc_pacing import BACKSTOP, GcPacer


class Node:
    """A tracked object that can be part of a cycle."""

    def __init__(self) -> None:
        self.other: object = None


def cycle(freed: list[int]) -> Node:
    """Two nodes pointing at each other; `freed` gets a 1 when the collector frees them."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    weakref.finalize(a, freed.append, 1)
    return a


@pytest.fixture
def frozen_start() -> Iterator[None]:
    """As the bot's start-up tuning: what the test process made so far frozen out of sight,
    so the oldest generation holds what the test makes (tests/conftest.py unfreezes after)."""
    gc.collect()
    gc.freeze()
    yield


async def test_the_pacer_frees_a_cycle_made_in_the_loop(frozen_start: None) -> None:
    pacer = GcPacer(10)
    pacer.start()
    try:
        assert pacer.running and gc.get_threshold()[0] == BACKSTOP  # CPython's triggers off
        freed: list[int] = []
        cycle(freed)  # garbage at once; only a collection frees it
        for _ in range(1000):  # the pacer's task, not the test, collects
            if freed:
                break
            await asyncio.sleep(0.01)
        assert freed == [1]
        assert pacer.counts.collections[0] >= 1
    finally:
        pacer.stop()


async def test_a_cycle_that_reached_the_oldest_generation_is_freed(frozen_start: None) -> None:
    pacer = GcPacer(10_000, middle_objects=1_000, growth=0.01)  # ticks driven below
    pacer.start()
    try:
        freed: list[int] = []
        old = cycle(freed)
        gc.collect(1)  # survivors of generation 1: the oldest
        assert gc.is_tracked(old) and any(o is old for o in gc.get_objects(2))
        del old
        kept: list[list[Node]] = []
        for _ in range(200):  # the oldest generation grows with live objects
            kept.append([Node() for _ in range(100)])
            pacer.collect()
            if freed:
                break
        assert freed == [1]
        assert pacer.counts.collections[2] >= 1
    finally:
        pacer.stop()


async def test_0_leaves_cpythons_own_triggers() -> None:
    gc.set_threshold(700, 10, 10)
    pacer = GcPacer(0)
    pacer.start()
    assert not pacer.running and gc.get_threshold() == (700, 10, 10)
    assert "CPython's own triggers" in pacer.line()
    pacer.stop()
    assert gc.get_threshold() == (700, 10, 10)


def test_the_bot_paces_by_its_setting_from_its_setup(tmp_path: Path) -> None:
    bot = create_bot(Settings(database_path=tmp_path / "never-opened.db", gc_young_ms=50))
    assert bot.gc_pacer.every_ms == 50
    assert not bot.gc_pacer.running  # setup_hook starts it


async def test_stop_gives_cpythons_triggers_back_and_a_restart_replaces_the_task() -> None:
    gc.set_threshold(10_000, 10, 10)
    pacer = GcPacer(50)
    pacer.start()
    first = pacer._task
    pacer.start()  # a reconnect's setup_hook
    assert first is not None and first is not pacer._task
    await asyncio.sleep(0)
    assert first.cancelled() and pacer.running
    pacer.stop()
    assert not pacer.running and gc.get_threshold() == (10_000, 10, 10)


async def test_memory_stays_bounded_over_a_long_fake_run(frozen_start: None) -> None:
    """200 tables, each move replacing a table's state (30 tracked objects, a garbage cycle
    once replaced) and a tick every 20 moves: the tracked objects never pass what the rule
    allows, the live ones, the garbage of `growth` times the blocks after a full collection
    (each object one block at least), a generation 1 just under its size and a tick's young
    objects; over many full collections. (The test process's blocks are many: a small
    `growth` makes the rule fire here as often as a quarter does in the bot.)"""
    middle, per_tick = 2_000, 20
    pacer = GcPacer(10_000, middle_objects=middle, growth=0.02)  # ticks driven below
    pacer.start()
    try:
        rng = random.Random(44)
        freed: list[int] = []
        tables: list[object] = [None] * 200
        tracked, blocks = [], 0
        for move in range(40_000):
            state: list[object] = [cycle(freed)]
            state += [[move, str(move)] for _ in range(28)]
            tables[rng.randrange(len(tables))] = state
            if move % per_tick == per_tick - 1:
                pacer.collect()
                blocks = max(blocks, pacer.counts.blocks_after_full)
            if move % 500 == 499:
                tracked.append(len(gc.get_objects()))
        young, middle_collections, full = pacer.counts.collections
        assert young > middle_collections > full >= 10  # each rule fired, the oldest the rarest
        gc.collect()
        live = len(gc.get_objects())  # what the tables hold, garbage gone
        tick = per_tick * 31  # a tick's new objects at most
        bound = live + pacer.growth * blocks + 2 * (middle + tick) + tick
        assert max(tracked) <= bound
        assert len(freed) > 40_000 - 2 * len(tables)  # every replaced state's cycle freed
    finally:
        pacer.stop()
