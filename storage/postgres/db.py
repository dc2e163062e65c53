"""PostgreSQL: a connection pool, the migrations in PostgreSQL's dialect, the transaction helper.

Several bot processes (possibly on several machines) share one PostgreSQL database, so nothing
here relies on being the only client: every write is one transaction on a pooled connection,
moves are saved under the version check in the same transaction (storage/postgres/save.py),
lobby changes lock their game's row (``row_lock``), and due deadlines are claimed with
``FOR UPDATE SKIP LOCKED`` (storage/claims.py). Migrations run under an advisory lock, so
processes starting together migrate once.

Durability (``DATABASE_SYNC``) maps onto ``synchronous_commit``:

``normal`` (default) and ``full``: ``synchronous_commit = on``. A save returns only once the
  server has flushed its WAL, so every move the bot acknowledged survives a crash of the bot,
  of the database server (``pg_ctl stop -m immediate``, an OOM kill) or of its machine
  (tests/storage/test_pg_durability.py). Concurrent commits share the server's flushes.
``fast`` (opt-in): ``synchronous_commit = off``. A save returns once the server has the
  transaction; its WAL writer flushes it within ~0.6 s. The bot process dying loses nothing,
  but a crash of the database server or its machine can lose the moves of about the last
  second (never half a move, never a damaged database): the players saw them acknowledged
  and the game resumes a few moves earlier.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import asyncpg

from storage.db import DEFAULT_SYNC, SYNC_MODES, Clock, Database, SyncMode, migrations
from storage.errors import DatabaseUnreadable, ForeignDatabase, SchemaTooNew
from storage.postgres.conn import Connection, PgConn
from storage.postgres.identify_locks import PgIdentifyLocks
from storage.postgres.url import BadPostgresUrl, url_problem

MIGRATIONS_DIR = Path(__file__).parent.parent / "migrations_pg"
SCHEMA_TABLE = "bot_schema_version"  # one row: the number of the last migration applied
MIGRATION_LOCK = 0x626F742D736368  # pg_advisory_lock key ("bot-sch"); any constant would do
POOL_SIZE = 10


def pg_migrations() -> list[tuple[int, str]]:
    return migrations(MIGRATIONS_DIR)


def shown(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


def _unreachable(url: str, exc: BaseException) -> DatabaseUnreadable:
    reason = str(exc) or type(exc).__name__
    return DatabaseUnreadable(f"cannot use the PostgreSQL database {shown(url)} ({reason})")


def checked(url: str) -> str:
    """``url`` if asyncpg may be handed it; else BadPostgresUrl saying why (url.py)."""
    problem = url_problem(url)
    if problem is not None:
        raise BadPostgresUrl(f"the PostgreSQL URL {shown(url)} is wrong: {problem}")
    return url


async def connect(url: str) -> asyncpg.Connection:
    """One connection to ``url`` (for the operator tools), or a StorageError saying why not."""
    try:
        return await asyncpg.connect(checked(url))
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
        raise _unreachable(url, exc) from exc


async def schema_state(conn: Connection) -> tuple[int, list[str]]:
    """(schema version, the tables in the current schema); version 0 without the bot's table."""
    tables = [
        r[0]
        for r in await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1"
        )
    ]
    if SCHEMA_TABLE not in tables:
        return 0, tables
    version = await conn.fetchval(f"SELECT version FROM {SCHEMA_TABLE}")
    return int(version or 0), tables


class PgDatabase(Database):
    """Owns the asyncpg pool. The repositories' SQL runs through PgConn (storage/postgres/conn)."""

    shared = True
    row_lock = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"
    integrity_errors = (asyncpg.IntegrityConstraintViolationError,)

    def __init__(self, pool: asyncpg.Pool, url: str, clock: Clock, sync: SyncMode) -> None:
        from storage.postgres.save import PgSaves

        self._pool = pool
        self._saves = PgSaves(pool)  # type: ignore[assignment]
        self._commits = 0
        self.url = url
        self.path = shown(url)  # type: ignore[assignment]  # what messages name; no file
        self.clock = clock
        self.sync = sync
        self.wal = None  # type: ignore[assignment]

    @property
    def save_batches(self) -> tuple[int, int]:
        return self._saves.batches, 1

    @classmethod
    async def open(  # type: ignore[override]
        cls,
        url: str,
        *,
        clock: Clock = time.time,
        sync: SyncMode = DEFAULT_SYNC,
        pool_size: int = POOL_SIZE,
        on_connect: Callable[[asyncpg.Connection[asyncpg.Record]], Coroutine[Any, Any, None]]
        | None = None,
        **_: Any,
    ) -> Self:
        """Connect to ``url`` and migrate it; refuse a database with other tables but no
        schema of this bot, or one migrated by a newer bot. `on_connect` is awaited with each
        new connection of the pool (a benchmark counting round trips: round_trips.py)."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
        settings = {
            "synchronous_commit": "off" if sync == "fast" else "on",
            "application_name": "game-bot",
        }
        try:
            pool = await asyncpg.create_pool(
                checked(url),
                min_size=1,
                max_size=pool_size,
                server_settings=settings,
                init=on_connect,
                reset=_no_session_state,
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as exc:
            raise _unreachable(url, exc) from exc
        try:
            async with pool.acquire() as conn:
                await _migrate(conn, url)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url, clock, sync)

    async def close(self) -> None:
        """Finish the saves under way (refusing new ones), then close every connection."""
        await self._saves.close()
        await self._pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield PgConn(conn)
        self._commits += 1

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Any]:
        """One connection for several reads. No transaction around them (two round trips
        fewer on every click): a game's seats may be read a move newer than its row, which
        is harmless since every save is checked against the stored version."""
        async with self._pool.acquire() as conn:
            yield PgConn(conn)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        async with self._pool.acquire() as conn:
            return await PgConn(conn).execute_fetchall(sql, params)

    async def pragma(self, name: str) -> Any:
        raise NotImplementedError("PRAGMA is SQLite's; PostgreSQL has no such statement")

    def identify_locks(self) -> PgIdentifyLocks:
        """Advisory locks on Discord's IDENTIFY rate-limit keys (postgres/identify_locks.py)."""
        return PgIdentifyLocks(self.url)


async def _no_session_state(conn: Any) -> None:
    """What a released pool connection needs reset beyond asyncpg's own rollback of an open
    transaction: nothing. No SET, LISTEN, cursor or advisory lock outlives its statement on
    the pool's connections (the migration lock is released in its `finally`; the IDENTIFY
    locks have a connection of their own), so asyncpg's default RESET ALL, UNLISTEN, CLOSE
    ALL and advisory unlock would cost every read and save a second round trip."""


async def _migrate(conn: Connection, url: str) -> None:
    """Apply the pending migrations, each in its own transaction, under an advisory lock."""
    known = pg_migrations()
    await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        version, tables = await schema_state(conn)
        if version > len(known):
            raise SchemaTooNew(shown(url), version, len(known))
        if version == 0 and tables:
            raise ForeignDatabase(
                f"{shown(url)} has tables ({', '.join(tables[:5])}) but no schema version of "
                "this bot; refusing to modify it — give the bot an empty database"
            )
        for number, sql in known:
            if number <= version:
                continue
            async with conn.transaction():
                await conn.execute(sql)
                await conn.execute(
                    f"CREATE TABLE IF NOT EXISTS {SCHEMA_TABLE} (version INTEGER NOT NULL);"
                    f"DELETE FROM {SCHEMA_TABLE};"
                    f"INSERT INTO {SCHEMA_TABLE} (version) VALUES ({number})"
                )
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
