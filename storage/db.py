"""The connection: opening, PRAGMAs, numbered migrations and the transaction helper.

Journal: WAL. One connection is used by the whole bot; an ``asyncio.Lock`` serialises statements
so two coroutines never interleave inside one transaction. Move saves are group-committed (many
saves, one COMMIT) by storage/batching.py, which takes the same lock for each batch. Checkpoints
never run inside a COMMIT: storage/wal.py runs them on their own connection and thread.

Durability is the operator's choice (``DATABASE_SYNC``, passed as ``sync``):

``normal`` (default): ``synchronous=NORMAL``. A COMMIT writes the WAL without fsync.
  - The bot process dying in any way (exception, SIGKILL, OOM kill) loses NO acknowledged save:
    a save returns only after its COMMIT wrote the WAL, the kernel keeps that data, and the next
    open replays it (tests/storage/test_crash_safety.py kills a busy writer 24 times, half of
    them in each mode).
  - An OS crash or power loss can lose the saves acknowledged in about the last second or two:
    the WAL keeper (storage/wal.py) fsyncs the WAL at most ``sync_every`` + ``check_every``
    (1 s + 0.25 s) after a commit, plus the time that fsync takes, and later while a running
    checkpoint holds the keeper (checkpoints fsync the WAL themselves). If fsyncs keep failing
    the keeper logs a warning (at most once a minute) and the window grows until they work. What is
    lost is always a suffix of transactions, so the database comes back in an earlier
    consistent state (WAL frames are checksummed; recovery stops at the first incomplete
    transaction): never a corrupted file, never half a move; a game just resumes a few moves
    earlier. SQLite itself still fsyncs the WAL header whenever the WAL restarts, which is what
    keeps this mode corruption-free.
  - Why: on this machine single fsyncs take up to ~120 ms under other I/O, and every save queued
    behind a COMMIT waits for its fsync. ``python -m bot bench service`` (200 tables, ~200
    moves/s, load average ~4.5): p99 per move 7.4 ms with normal, 52.8 ms with full.

``full``: ``synchronous=FULL``. Every COMMIT fsyncs the WAL before the save returns, so an
  acknowledged save also survives a power loss, at the cost of an fsync on every save batch.

In ``normal`` mode a save batch runs on the event loop (no fsync, well under a millisecond).
The database belongs to the bot: if another process holds its write lock (an operator's
``sqlite3`` shell in a write transaction), a batch waits for it up to the busy timeout with
the loop blocked. Use ``python -m bot db backup`` / ``db check`` instead, which only read.
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
from typing import TYPE_CHECKING, Any, Literal, Self, get_args

import aiosqlite

from storage.batching import SaveBatcher
from storage.errors import DatabaseUnreadable, ForeignDatabase, SchemaTooNew, folder_reason
from storage.paths import refuse_unusable_path
from storage.preflight import refuse_damaged, refuse_unwritable
from storage.upgrade_backup import keep_before_upgrade
from storage.wal import WalKeeper, WalPolicy

if TYPE_CHECKING:
    from storage.postgres.identify_locks import PgIdentifyLocks

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
BUSY_TIMEOUT_MS = 5000
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")

Clock = Callable[[], float]
SyncMode = Literal["normal", "full", "fast"]
SYNC_MODES: tuple[str, ...] = get_args(SyncMode)
# ``fast`` (an acknowledged move may be lost if the server crashes) is PostgreSQL's only.
SQLITE_SYNC_MODES: tuple[str, ...] = ("normal", "full")
DEFAULT_SYNC: SyncMode = "normal"


def migrations(folder: Path | None = None) -> list[tuple[int, str]]:
    """(version, sql) for every migration file in ``folder`` (default: SQLite's), checked to
    be numbered 1..N without gaps."""
    found: list[tuple[int, str]] = []
    for path in sorted((folder or MIGRATIONS_DIR).glob("*.sql")):
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
    """Owns the single aiosqlite connection. Repository mixins build on its helpers.

    The repositories' SQL is written once with ``?`` placeholders; storage/postgres runs the
    same statements through its own subclass. The few dialect differences are the class
    attributes below.
    """

    # Several processes may share this database (PostgreSQL): callers must not trust a cache.
    shared = False
    # Appended to a SELECT of the row a transaction is about to change: SQLite's BEGIN
    # IMMEDIATE already serialises writers, PostgreSQL needs the row lock.
    row_lock = ""
    # Appended to the SELECT that picks due deadlines to claim (PostgreSQL: SKIP LOCKED).
    skip_locked = ""
    # What a unique-constraint violation raises in this driver.
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(
        self,
        conn: aiosqlite.Connection,
        path: Path,
        clock: Clock,
        sync: SyncMode,
        wal: WalPolicy,
    ) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        # Group commit of move saves; without an fsync in COMMIT, batches run on the event loop.
        self._saves = SaveBatcher(conn, self._lock, inline=sync == "normal")
        self._commits = 0  # transactions committed by transaction()
        self.path = path
        self.clock = clock
        self.sync = sync
        self.wal = WalKeeper(path, self._lock, wal, sync_wal=sync == "normal", commits=self.commits)

    def commits(self) -> int:
        """Write transactions so far (save batches included): the WAL keeper's change signal."""
        return self._commits + self._saves.batches

    @property
    def save_batches(self) -> tuple[int, int]:
        """(batches committed, largest batch), for benchmarks."""
        return self._saves.batches, self._saves.largest_batch

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        clock: Clock = time.time,
        sync: SyncMode = DEFAULT_SYNC,
        wal: WalPolicy | None = None,
    ) -> Self:
        """Open (creating if missing) and migrate the database at ``path``.

        ``sync`` is the durability mode (module docstring); ``wal`` tunes the checkpoints.
        """
        if sync not in SQLITE_SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SQLITE_SYNC_MODES)}, not {sync!r}")
        policy = wal or WalPolicy()
        db_path = Path(path)
        refuse_unusable_path(db_path)  # a name too long, a link loop, a FIFO or a device
        if db_path.is_dir():
            raise DatabaseUnreadable(
                f"{db_path} is a folder, not a database file; name a file in it instead "
                f"(for example {db_path / 'tabletop.db'})"
            )
        try:
            db_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = folder_reason(db_path, exc)
            raise DatabaseUnreadable(f"cannot make the folder for {db_path}: {why}") from exc
        refuse_unwritable(db_path)  # before SQLite makes -wal/-shm files it could not use
        try:
            # check_same_thread=False: save batches may run on the event loop (batching.py).
            conn = await _daemon(
                aiosqlite.connect(str(db_path), isolation_level=None, check_same_thread=False)
            )
        except sqlite3.Error as exc:
            raise _unreadable(db_path, exc) from exc
        try:
            await _prepare(conn, db_path)
            for pragma in (
                f"synchronous={sync.upper()}",
                "wal_autocheckpoint=0",  # storage/wal.py checkpoints, never inside a COMMIT
                f"journal_size_limit={policy.checkpoint_bytes}",
            ):
                await conn.execute(f"PRAGMA {pragma}")
            database = cls(conn, db_path, clock, sync, policy)
            database.wal.start()
        except BaseException:
            await conn.close()
            raise
        return database

    async def close(self) -> None:
        """Finish every queued save (refusing new ones), stop the WAL keeper, then close the
        connection (the last one: SQLite checkpoints and removes the WAL)."""
        await self._saves.close()
        await self.wal.close()
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
            self._commits += 1

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Any]:
        """The connection for several reads in a row (no other statement between them)."""
        async with self._lock:
            yield self._conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def pragma(self, name: str) -> Any:
        row = await self.fetchone(f"PRAGMA {name}")
        return None if row is None else row[0]

    def identify_locks(self) -> PgIdentifyLocks | None:
        """Locks on Discord's IDENTIFY rate-limit keys shared with the other processes on this
        database (bot/runtime/identify.py), for the caller to close; None: a file has one
        process."""
        return None


def _daemon(conn: aiosqlite.Connection) -> aiosqlite.Connection:
    """Mark aiosqlite's worker thread as a daemon so a forgotten close() cannot keep the
    process alive at exit. Safe: an unfinished transaction is simply not committed (as in a
    crash), and every acknowledged one is already in the WAL."""
    thread = getattr(conn, "_thread", None)
    if isinstance(thread, threading.Thread) and not thread.is_alive():
        thread.daemon = True
    return conn


async def _prepare(conn: aiosqlite.Connection, path: Path) -> None:
    """Probe (read-only), refuse what we must not touch (a newer schema, another application's
    tables, a damaged file), keep a copy before an upgrade, then set PRAGMAs and migrate."""
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
    await refuse_damaged(conn, path)
    if 0 < version < len(known):
        await keep_before_upgrade(path, version, len(known))
    mode = await _scalar(conn, "PRAGMA journal_mode=WAL")
    if str(mode).lower() != "wal":
        raise DatabaseUnreadable(f"{path}: could not switch to WAL journal mode (got {mode})")
    for pragma in ("foreign_keys=ON", f"busy_timeout={BUSY_TIMEOUT_MS}"):
        await conn.execute(f"PRAGMA {pragma}")
    await _migrate(conn, version, known)


async def _scalar(conn: aiosqlite.Connection, sql: str) -> Any:
    rows = list(await conn.execute_fetchall(sql))
    return rows[0][0]


def migration_script(number: int, sql: str) -> str:
    """One migration as one transaction, ``user_version`` set inside it."""
    return f"BEGIN IMMEDIATE;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;"


async def _migrate(
    conn: aiosqlite.Connection, current: int, known: Iterable[tuple[int, str]]
) -> None:
    """Apply each pending migration in its own transaction, user_version set inside it."""
    for number, sql in known:
        if number <= current:
            continue
        try:
            await conn.executescript(migration_script(number, sql))
        except BaseException:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise
