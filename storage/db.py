"""The connection: opening, PRAGMAs, numbered migrations and the transaction helper.

Durability choice: WAL journal with ``synchronous=FULL``. In WAL mode FULL syncs the WAL on
every commit, so a save that returned survives a process crash (SIGKILL) *and* a power loss;
``synchronous=NORMAL`` would only survive the former. On this machine FULL still costs well under
a millisecond per commit (see ``python -m bot bench storage``), so we do not trade safety for
speed. One connection is used by the whole bot; an ``asyncio.Lock`` serialises statements so two
coroutines never interleave inside one transaction. Move saves are group-committed (many saves,
one COMMIT) by storage/batching.py, which takes the same lock for each batch.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from storage.batching import SaveBatcher
from storage.errors import DatabaseUnreadable, ForeignDatabase, SchemaTooNew

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
BUSY_TIMEOUT_MS = 5000
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")

Clock = Callable[[], float]


def migrations() -> list[tuple[int, str]]:
    """(version, sql) for every migration file, checked to be numbered 1..N without gaps."""
    found: list[tuple[int, str]] = []
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if match is None:
            raise RuntimeError(f"badly named migration file {path.name} (want NNN_name.sql)")
        found.append((int(match.group(1)), path.read_text(encoding="utf-8")))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..N without gaps, found {numbers}")
    return found


def schema_version_supported() -> int:
    return len(migrations())


def _unreadable(path: Path, exc: BaseException) -> DatabaseUnreadable:
    return DatabaseUnreadable(
        f"cannot open {path} as an SQLite database ({exc}); the file was left untouched — "
        "restore it from a backup or point DATABASE_PATH elsewhere"
    )


class Database:
    """Owns the single aiosqlite connection. Repository mixins build on its helpers."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Clock) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self._saves = SaveBatcher(conn, self._lock)  # group commit of move saves
        self.path = path
        self.clock = clock

    @classmethod
    async def open(cls, path: str | Path, *, clock: Clock = time.time) -> Self:
        """Open (creating if missing) and migrate the database at ``path``."""
        db_path = Path(path)
        if db_path.is_dir():
            raise _unreadable(db_path, IsADirectoryError("it is a directory"))
        try:
            db_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _unreadable(db_path, exc) from exc
        try:
            conn = await _daemon(aiosqlite.connect(str(db_path), isolation_level=None))
        except sqlite3.Error as exc:
            raise _unreadable(db_path, exc) from exc
        try:
            await _prepare(conn, db_path)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, db_path, clock)

    async def close(self) -> None:
        """Finish every queued save (refusing new ones), then close the connection."""
        await self._saves.close()
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def pragma(self, name: str) -> Any:
        row = await self.fetchone(f"PRAGMA {name}")
        return None if row is None else row[0]


def _daemon(conn: aiosqlite.Connection) -> aiosqlite.Connection:
    """Mark aiosqlite's worker thread as a daemon so a forgotten close() cannot keep the
    process alive at exit. Safe: an unfinished transaction is simply not committed (as in a
    crash), and every acknowledged one is already in the WAL."""
    thread = getattr(conn, "_thread", None)
    if isinstance(thread, threading.Thread) and not thread.is_alive():
        thread.daemon = True
    return conn


async def _prepare(conn: aiosqlite.Connection, path: Path) -> None:
    """Probe (read-only), refuse what we must not touch, then set PRAGMAs and migrate."""
    conn.row_factory = sqlite3.Row
    try:
        tables = await _scalar(conn, "SELECT count(*) FROM sqlite_master")
        version = await _scalar(conn, "PRAGMA user_version")
    except sqlite3.DatabaseError as exc:
        raise _unreadable(path, exc) from exc
    known = migrations()
    if version > len(known):
        raise SchemaTooNew(str(path), version, len(known))
    if version == 0 and tables:
        raise ForeignDatabase(
            f"{path} is an SQLite database with tables but no schema version of this bot; "
            "refusing to modify it"
        )
    mode = await _scalar(conn, "PRAGMA journal_mode=WAL")
    if str(mode).lower() != "wal":
        raise DatabaseUnreadable(f"{path}: could not switch to WAL journal mode (got {mode})")
    for pragma in ("synchronous=FULL", "foreign_keys=ON", f"busy_timeout={BUSY_TIMEOUT_MS}"):
        await conn.execute(f"PRAGMA {pragma}")
    await _migrate(conn, version, known)


async def _scalar(conn: aiosqlite.Connection, sql: str) -> Any:
    rows = list(await conn.execute_fetchall(sql))
    return rows[0][0]


async def _migrate(
    conn: aiosqlite.Connection, current: int, known: Iterable[tuple[int, str]]
) -> None:
    """Apply each pending migration in its own transaction, user_version set inside it."""
    for number, sql in known:
        if number <= current:
            continue
        script = f"BEGIN IMMEDIATE;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;"
        try:
            await conn.executescript(script)
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
