"""Group commit for move saves: many concurrent saves share one durable COMMIT.

With ``synchronous=FULL`` every COMMIT waits for an fsync (several ms on a busy disk). When many
games move at once, committing each save on its own queues them behind one another's fsyncs;
here a single writer task takes everything queued (up to ``max_batch``) and commits it in one
transaction, one SAVEPOINT per save (storage/save_sql.py). Guarantees are unchanged: a save
returns only after the transaction holding it committed; a refused save fails alone; saves are
applied in the order they were asked (so two saves of one game in a batch stay in order). A lone
save starts at once, so an idle bot pays no extra wait. The writer holds the database lock for
the whole batch, so no other statement interleaves with it.

Where a batch runs: with ``synchronous=FULL`` on aiosqlite's thread, since its COMMIT waits for
an fsync that must not block the event loop. With ``synchronous=NORMAL`` (``inline``) on the
event loop itself: the batch is then ~0.15 ms of CPU and page-cache writes, cheaper than the two
thread hops it would otherwise need (the loop wakes the thread, the thread wakes the loop; on
this busy 2-core machine each wake-up waited up to ~5 ms at p99, `python -m bot bench service`).
The rare slow inline COMMIT is the one that restarts the WAL (SQLite fsyncs the new WAL header).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections import deque
from typing import Any

import aiosqlite

from storage.errors import StorageError
from storage.save_sql import Outcome, SaveRequest, run_batch

MAX_BATCH = 256


class StorageClosed(StorageError):
    """A save was asked after Storage.close() began; it was not stored."""


class SaveBatcher:
    """Queue of pending saves plus the writer task that is running while the queue is not empty."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        lock: asyncio.Lock,
        max_batch: int = MAX_BATCH,
        *,
        inline: bool = False,
    ) -> None:
        self._conn = conn
        self._lock = lock
        self._max_batch = max_batch
        self._inline = inline  # run batches on the event loop (no fsync in COMMIT)
        self._pending: deque[tuple[SaveRequest, asyncio.Future[int]]] = deque()
        self._writer: asyncio.Task[None] | None = None
        self._closed = False
        self.batches = 0  # committed or failed batches, for tests and benchmarks
        self.largest_batch = 0

    async def save(self, request: SaveRequest) -> int:
        """Queue ``request`` and return its new version once its transaction has committed."""
        if self._closed:
            raise StorageClosed("storage is closed; the move was not saved")
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending.append((request, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_all(), name="storage-group-commit")
        return await future

    async def close(self) -> None:
        """Refuse new saves and wait until every queued one is committed (or has failed)."""
        self._closed = True
        if self._writer is not None:
            await asyncio.wait({self._writer})  # never raises the writer's own error

    async def _write_all(self) -> None:
        while self._pending:
            batch = self._take()
            if not batch:
                continue
            try:
                requests = [request for request, _ in batch]
                async with self._lock:
                    if self._inline:
                        outcomes: list[Outcome] = run_batch(_sqlite(self._conn), requests)
                    else:
                        outcomes = await _run_on_connection_thread(self._conn, requests)
            except asyncio.CancelledError:
                # The writer was cancelled (loop shutting down): fail everyone, nobody may hang.
                error = StorageError("storage writer cancelled; the save's outcome is unknown")
                for _, future in [*batch, *self._pending]:
                    _settle(future, error)
                self._pending.clear()
                raise
            except Exception as exc:
                # e.g. the connection is gone: this batch fails, not later ones
                outcomes = [exc] * len(batch)
            self.batches += 1
            self.largest_batch = max(self.largest_batch, len(batch))
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                _settle(future, outcome)

    def _take(self) -> list[tuple[SaveRequest, asyncio.Future[int]]]:
        """Up to max_batch queued saves, in order, skipping those whose caller gave up already."""
        batch: list[tuple[SaveRequest, asyncio.Future[int]]] = []
        while self._pending and len(batch) < self._max_batch:
            item = self._pending.popleft()
            if not item[1].done():
                batch.append(item)
        return batch


def _settle(future: asyncio.Future[int], outcome: Outcome) -> None:
    if future.done():
        return  # the caller was cancelled while its save was being written
    if isinstance(outcome, BaseException):
        future.set_exception(outcome)
    else:
        future.set_result(outcome)


async def _run_on_connection_thread(
    conn: aiosqlite.Connection, requests: list[SaveRequest]
) -> list[Outcome]:
    """Run run_batch as ONE job on aiosqlite's thread (the sqlite3 connection lives there).

    aiosqlite has no public call for this, so we use its ``_execute``/``_conn``; the storage
    tests exercise this path on every save, so an aiosqlite change that breaks it cannot pass.
    """
    raw: Any = conn
    outcomes: list[Outcome] = await raw._execute(run_batch, _sqlite(conn), requests)
    return outcomes


def _sqlite(conn: aiosqlite.Connection) -> sqlite3.Connection:
    """The sqlite3 connection inside aiosqlite's proxy. Using it from the event loop is safe
    only while holding the database lock (aiosqlite's thread is then idle; at most a read whose
    caller was cancelled may still be finishing there, which SQLite's serialized threading mode
    lets run alongside) and only because storage/db.py opens it with ``check_same_thread=False``."""
    raw: Any = conn
    sqlite_conn: sqlite3.Connection = raw._conn
    return sqlite_conn
