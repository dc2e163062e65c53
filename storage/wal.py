"""WAL upkeep off the save path: checkpoints in the background, and in NORMAL mode a WAL fsync.

SQLite's automatic checkpoint runs inside the COMMIT that crosses the threshold, so one save
waits for two fsyncs (WAL, then database file) and every save queued behind it waits too; on
this disk single fsyncs reach ~120 ms. Here the writer connection has ``wal_autocheckpoint=0``
and this keeper, on its own connection and thread, runs a PASSIVE checkpoint (never blocks the
writer) whenever the WAL file has grown past ``checkpoint_bytes``. The writer's
``journal_size_limit`` is the same figure, so after each WAL restart the file shrinks back to it
and "file larger than the limit" means "that many bytes written since the last restart".

Under a steady stream of saves a PASSIVE checkpoint never catches up completely (frames arrive
while it fsyncs), so SQLite never restarts the WAL and the file grows. Past ``force_bytes`` the
keeper takes the database lock (saves queue, none fails) and checkpoints the short rest, after
which the next commit restarts the WAL. That pause is the only stall, and it is rare: about
every ``force_bytes`` of WAL written without a quiet moment of a few milliseconds.

In NORMAL mode commits do not fsync; the keeper fsyncs the WAL every ``sync_every`` seconds
when it changed, which bounds what a power loss can take (see storage/db.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class WalPolicy:
    """When the keeper acts. The defaults suit the bot; tests use tiny sizes."""

    check_every: float = 0.25  # seconds between looks at the WAL file
    checkpoint_bytes: int = 16 * 1024 * 1024  # PASSIVE checkpoint once the WAL is larger
    force_bytes: int = 256 * 1024 * 1024  # pause saves and finish the checkpoint above this
    sync_every: float = 1.0  # NORMAL mode: fsync a changed WAL at least this often


@dataclass(slots=True)
class WalStats:
    """What the keeper did, for benchmarks and tests."""

    checkpoints: int = 0
    forced: int = 0  # checkpoints that paused saves (WAL above force_bytes)
    longest_checkpoint: float = 0.0  # seconds
    longest_pause: float = 0.0  # seconds saves waited for a forced checkpoint
    wal_syncs: int = 0
    largest_wal: int = 0  # bytes


class WalKeeper:
    """One background task; its blocking work runs on a private thread, one call at a time."""

    def __init__(
        self,
        path: Path,
        lock: asyncio.Lock,
        policy: WalPolicy,
        *,
        sync_wal: bool,
        commits: Callable[[], int],
    ) -> None:
        self._path = path
        self._wal = Path(f"{path}-wal")
        self._lock = lock
        self.policy = policy
        self._sync_wal = sync_wal
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="storage-wal")
        self._conn: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None
        self._stop = asyncio.Event()
        self._commits = commits  # how many transactions the writer has committed so far
        self._synced: int | None = None  # that count when the WAL was last fsynced
        self.stats = WalStats()

    async def start(self) -> None:
        self._conn = await self._call(self._connect)
        self._task = asyncio.create_task(self._run(), name="storage-wal-keeper")

    async def close(self) -> None:
        """Stop after the current step (safe to call twice); the writer's own close then does
        the final checkpoint."""
        self._stop.set()
        if self._task is not None:
            await asyncio.wait({self._task})
        if self._conn is not None:
            conn, self._conn = self._conn, None
            await self._call(conn.close)
        self._thread.shutdown(wait=True)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        # Checkpoints fsync the WAL before copying and the database file after, in any mode.
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, fn, *args)

    async def _run(self) -> None:
        last_sync = time.monotonic()
        while not self._stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), self.policy.check_every)
            if self._stop.is_set():
                return
            try:
                await self.upkeep()
                due = time.monotonic() - last_sync >= self.policy.sync_every
                if self._sync_wal and due and self._commits() != self._synced:
                    last_sync = time.monotonic()
                    committed = self._commits()  # counted after their COMMIT had returned
                    await self._call(self._fsync_wal)
                    self._synced = committed
            except (sqlite3.Error, OSError):
                # A failed checkpoint loses nothing (the WAL keeps the data); try again later.
                continue

    async def upkeep(self) -> None:
        """One look at the WAL: checkpoint if it is large, and finish it if it is too large."""
        size = self.wal_size()
        self.stats.largest_wal = max(self.stats.largest_wal, size)
        if size <= self.policy.checkpoint_bytes:
            return
        if size > self.policy.force_bytes:
            async with self._lock:  # no save can start: this checkpoint reaches the end
                started = time.perf_counter()
                await self._call(self._checkpoint)
                self.stats.forced += 1
                self.stats.longest_pause = max(
                    self.stats.longest_pause, time.perf_counter() - started
                )
            return
        await self._call(self._checkpoint)

    def wal_size(self) -> int:
        try:
            return self._wal.stat().st_size
        except FileNotFoundError:
            return 0

    def _checkpoint(self) -> None:
        assert self._conn is not None
        started = time.perf_counter()
        self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        self.stats.checkpoints += 1
        self.stats.longest_checkpoint = max(
            self.stats.longest_checkpoint, time.perf_counter() - started
        )

    def _fsync_wal(self) -> None:
        """fsync the WAL: every commit written so far survives a power loss."""
        try:
            fd = os.open(self._wal, os.O_RDONLY)
        except FileNotFoundError:
            return
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        self.stats.wal_syncs += 1
