"""Discord's IDENTIFY rate-limit keys as PostgreSQL advisory locks, shared by every process on
the database (bot/runtime/identify.py holds a key's lock for a little over 5 s after each IDENTIFY).

Session-level locks on one connection of their own, opened while a lock is held and closed
when none is: a lock is held for seconds, and taking one must neither wait behind the game
saves for a pooled connection nor keep them from one. A process that dies drops its locks with
its connection. Advisory locks belong to their database, so two bots on one server (each with
its own database) do not wait for each other.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import asyncpg

LOCK_CLASS = 0x49444E54  # "IDNT": pg_try_advisory_lock(this, rate-limit key)
POLL_SECONDS = 0.25  # between tries while another process holds the key


class PgIdentifyLocks:
    """``acquire(key)`` waits until this process holds ``key``; ``release(key)`` gives it up.
    A process holds a key once: the caller keeps its own shards from taking one key twice
    (a session's advisory locks stack rather than exclude)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: asyncpg.Connection | None = None
        self._held: set[int] = set()
        self._waiting = 0  # acquire() calls under way
        self._use = asyncio.Lock()  # one statement at a time on the connection

    async def acquire(self, key: int) -> None:
        self._waiting += 1
        try:
            while True:
                attempt = asyncio.ensure_future(self._try(key))
                try:
                    if await asyncio.shield(attempt):
                        return
                except asyncio.CancelledError:  # it may still be granted: give it back then
                    attempt.add_done_callback(self._undo(key))
                    raise
                await asyncio.sleep(POLL_SECONDS)
        finally:
            self._waiting -= 1
            if not self._held and not self._waiting:
                async with self._use:
                    await self._close()

    async def release(self, key: int) -> None:
        async with self._use:
            if key not in self._held or self._conn is None:
                return
            self._held.discard(key)
            try:
                await self._conn.fetchval("SELECT pg_advisory_unlock($1, $2)", LOCK_CLASS, key)
            finally:
                if not self._held and not self._waiting:
                    await self._close()

    async def close(self) -> None:
        """Give every key up at once (the connection's end releases them)."""
        async with self._use:
            self._held.clear()
            await self._close()

    async def _try(self, key: int) -> bool:
        async with self._use:
            if self._conn is None or self._conn.is_closed():
                self._conn = await asyncpg.connect(self.url)
            granted = bool(
                await self._conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", LOCK_CLASS, key)
            )
            if granted:
                self._held.add(key)
            return granted

    def _undo(self, key: int) -> Callable[[asyncio.Future[bool]], None]:
        def undo(attempt: asyncio.Future[bool]) -> None:
            if not attempt.cancelled() and attempt.exception() is None and attempt.result():
                asyncio.ensure_future(self.release(key))

        return undo

    async def _close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                await conn.close(timeout=5)
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
                conn.terminate()
