"""WAL upkeep off the save path: checkpoints in the background, and in NORMAL mode a WAL fsync.

SQLite's automatic checkpoint runs inside the COMMIT that crosses the threshold, so one save
waits for two fsyncs (WAL, then database file) and every save queued behind it waits too; on
this disk single fsyncs reach ~120 ms. Here the writer connection has ``wal_autocheckpoint=0``
and this keeper, on its own connection and thread, runs a PASSIVE checkpoint (never blocks the
writer) whenever the WAL file has grown past ``checkpoint_bytes``. The keeper is a plain thread
that sleeps in real time: it puts no timers on the event loop (SimCord's virtual clock advances
through the loop's timers, so a periodic task there would move the bot's clock). The writer's
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
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)
WARN_EVERY = 60.0  # seconds between two warnings about the same failing upkeep

LOCK_WAIT = 30.0  # seconds a forced checkpoint waits for the database lock before giving up


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
    """A daemon thread with its own connection; it touches the event loop only to take the
    database lock for a forced checkpoint."""

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
        self._commits = commits  # how many transactions the writer has committed so far
        self._synced: int | None = None  # that count when the WAL was last fsynced
        self._last_sync = 0.0
        self._conn: sqlite3.Connection | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._busy = threading.Lock()  # one upkeep at a time (the thread's, or a test's)
        self.stats = WalStats()

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        # Checkpoints fsync the WAL before copying and the database file after, in any mode.
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._last_sync = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="storage-wal", daemon=True)
        self._thread.start()

    async def close(self) -> None:
        """Stop the thread (after its current step) and close its connection; safe twice.
        The writer's own close then does the final checkpoint."""
        self._stopping.set()
        thread, self._thread = self._thread, None
        while thread is not None and thread.is_alive():
            # Short joins with the loop free in between: a forced checkpoint may be waiting for
            # the loop to hand it the lock. No timers: sleep(0) only yields.
            thread.join(0.005)
            await asyncio.sleep(0)
        with self._busy:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _run(self) -> None:
        warned = -WARN_EVERY
        while not self._stopping.wait(self.policy.check_every):
            try:
                self.upkeep()
            except RuntimeError:
                continue  # the event loop is gone: the bot is shutting down
            except Exception as error:  # noqa: BLE001 - the keeper must outlive one bad round
                # A failed checkpoint or fsync loses nothing already in the WAL, and the next
                # round tries again; but while it keeps failing a power loss can cost more than
                # the promised second and the WAL grows: the operator must hear of it.
                now = time.monotonic()
                if now - warned >= WARN_EVERY:
                    warned = now
                    log.warning("WAL checkpoint/fsync failed (will retry): %s", error)

    def upkeep(self) -> None:
        """One round (blocking; the keeper's thread runs it every ``check_every``): checkpoint
        a large WAL, finish the checkpoint of a too large one, fsync a changed WAL when due."""
        with self._busy:
            if self._conn is None:
                return
            size = self.wal_size()
            self.stats.largest_wal = max(self.stats.largest_wal, size)
            if size > self.policy.force_bytes:
                self._forced_checkpoint()
            elif size > self.policy.checkpoint_bytes:
                self._checkpoint()
            due = time.monotonic() - self._last_sync >= self.policy.sync_every
            committed = self._commits()  # counted after their COMMIT had returned
            if self._sync_wal and due and committed != self._synced:
                self._fsync_wal()
                self._synced, self._last_sync = committed, time.monotonic()

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

    def _forced_checkpoint(self) -> None:
        """Hold the database lock (saves queue on the loop, none fails) while checkpointing:
        with no frame added meanwhile it reaches the end, and the next commit restarts the WAL."""
        assert self._loop is not None
        held, release = threading.Event(), asyncio.Event()

        async def hold_lock() -> None:
            async with self._lock:
                held.set()
                await release.wait()

        asyncio.run_coroutine_threadsafe(hold_lock(), self._loop)
        try:
            if not held.wait(LOCK_WAIT):
                return  # the loop is stuck or closing; try again next round
            started = time.perf_counter()
            self._checkpoint()
            self.stats.forced += 1
            self.stats.longest_pause = max(self.stats.longest_pause, time.perf_counter() - started)
        finally:
            # Let the holder go (if it gets the lock only now, it releases it at once).
            self._loop.call_soon_threadsafe(release.set)

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
