"""Measuring aids for the benchmarks: memory, save timing per task and CPython GC pauses."""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

from bot.runtime.gc_tuning import tracked_objects


def peak_rss_mib() -> float:
    """The process's peak resident memory so far (ru_maxrss: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def rss_mib() -> float:
    """The process's resident memory now (Linux /proc), else its peak."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
    except OSError:
        return peak_rss_mib()
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def memory_line() -> str:
    """Resident memory now and at peak, and how many objects the GC tracks."""
    return (
        f"RSS {rss_mib():.0f} MiB (peak {peak_rss_mib():.0f} MiB), "
        f"{tracked_objects():,} GC-tracked objects ({gc.get_freeze_count():,} frozen)"
    )


async def sample_memory(samples: list[tuple[float, float, int]], every: float) -> None:
    """Until cancelled: (seconds since the start, RSS MiB, the allocator's blocks) every
    `every` s. Blocks, not tracked objects: counting those lists them all (2-7 ms on the loop,
    in the very latencies the run times), `sys.getallocatedblocks` ~0.2 ms."""
    started = time.perf_counter()
    while True:
        samples.append((time.perf_counter() - started, rss_mib(), sys.getallocatedblocks()))
        await asyncio.sleep(every)


class GcPauses:
    """Wall time of each garbage collection by generation (gc.callbacks), while attached, and
    the collecting thread's CPU time in it: on a busy machine a collection's wall time also
    counts the time other processes had the core, its CPU time only the collector's work."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.cpu: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._started = self._cpu = 0.0
        self.seconds = 0.0  # how long it was attached

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        self.seconds = -time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)
        self.seconds += time.perf_counter()

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started, self._cpu = time.perf_counter(), time.thread_time()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self._started)
            self.cpu[info["generation"]].append(time.thread_time() - self._cpu)

    def line(self) -> str:
        """Per generation: how many collections (and how many a minute), their longest
        pause, their total and the collector's longest and total CPU time."""
        minutes = max(self.seconds, 1e-9) / 60
        parts = [
            f"gen{g} {len(p)}x ({len(p) / minutes:.1f}/min) max {max(p, default=0) * 1000:.1f} ms "
            f"total {sum(p) * 1000:.0f} ms (CPU max {max(self.cpu[g], default=0) * 1000:.1f} ms, "
            f"total {sum(self.cpu[g]) * 1000:.0f} ms)"
            for g, p in self.pauses.items()
        ]
        return "  event loop stalls, CPython GC by generation: " + ", ".join(parts)


class TimedStorage:
    """Delegates to the real Storage and times save_move, to split commit from service work;
    counts each task's game reads (`get_game`, and `stamp`, the shared database's check)."""

    def __init__(self, storage: object) -> None:
        self._storage = storage
        self.last: dict[object, float] = {}  # task -> its latest save time
        self.reads: dict[object, int] = {}  # task -> its game reads so far

    def __getattr__(self, name: str) -> object:
        return getattr(self._storage, name)

    def _read(self) -> None:
        task = asyncio.current_task()
        self.reads[task] = self.reads.get(task, 0) + 1

    async def get_game(self, *args: object, **kwargs: object) -> object:
        self._read()
        return await self._storage.get_game(*args, **kwargs)  # type: ignore[attr-defined]

    async def stamp(self, *args: object, **kwargs: object) -> object:
        self._read()
        return await self._storage.stamp(*args, **kwargs)  # type: ignore[attr-defined]

    async def save_move(self, *args: object, **kwargs: object) -> int:
        start = time.perf_counter()
        try:
            version: int = await self._storage.save_move(*args, **kwargs)  # type: ignore[attr-defined]
        finally:
            self.last[asyncio.current_task()] = time.perf_counter() - start
        return version


def add_sync_argument(parser: argparse.ArgumentParser) -> None:
    """`--sync`, the durability mode to measure (storage.SYNC_MODES, spelled out here so that
    building the CLI's parsers does not import SQLite)."""
    parser.add_argument(
        "--sync",
        choices=("normal", "full"),
        default="normal",
        help="durability mode, as DATABASE_SYNC (default normal, the bot's default)",
    )


def folder_problem(path: Path) -> str | None:
    """Why `path` cannot hold a benchmark's databases (None: it can; a missing one is made)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except FileExistsError:
        return f"{path} is a file, not a directory"
    except OSError as error:
        return f"cannot write in {path}: {error.strerror or error}"
    return None
