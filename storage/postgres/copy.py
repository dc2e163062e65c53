"""``db migrate-to-postgres``: copy an SQLite database into an empty PostgreSQL database.

The SQLite file is read without writing to it (storage/postgres/source.py: checked, then brought
to the current schema in memory). Then, in ONE PostgreSQL transaction, the schema is created,
every row of every table is copied (COPY), the games' id sequence is moved past the copied ids
and the row counts are compared: either everything arrives or nothing does, not even the
tables, so after a failure the target is still empty and the command can simply be run again.
Stop the bot first: the copy is a snapshot of the file.

Every failure is one line (a StorageError): PostgreSQL refusing a row, a value it cannot be
sent (an integer too large for its column), and a connection that is cut or a server that
stops during the copy. The last needs watching: asyncpg's COPY waits for the socket to take
more data and is not woken when the connection drops, so without ``_watched`` the command
would wait for ever.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from storage.errors import Refused, StorageError
from storage.postgres.db import _migrate, connect, schema_state, shown
from storage.postgres.source import Plan, read_source

WATCH_EVERY = 0.1  # seconds between looks at the connection while the copy runs
UNWIND = 2.0  # seconds the stopped copy may take to unwind before the connection is dropped


class ConnectionLost(Exception):
    """The connection closed under the copy (a cut, a server that stopped)."""


@dataclass
class _Progress:
    """Where the copy is, for the message if it fails."""

    table: str = ""
    committing: bool = False  # COMMIT sent: a loss from here on may come after it took effect


async def copy_sqlite_to_postgres(sqlite_path: str | Path, url: str) -> dict[str, int]:
    """Copy every row; return the rows copied per table. Refuses a non-empty target."""
    path = Path(sqlite_path)
    plan = read_source(path)
    target = await connect(url)
    progress = _Progress()
    try:
        _, tables = await schema_state(target)
        if tables:
            raise Refused(
                f"{shown(url)} is not empty (tables: {', '.join(tables[:6])}); "
                "migrate-to-postgres copies only into an empty database — create a new one"
            )
        await _watched(target, _copy_all(target, url, plan, progress))
    except StorageError:
        target.terminate()
        raise
    except BaseException as exc:
        target.terminate()  # no goodbye: on a lost connection close() could wait for an answer
        error = _failure(url, progress, exc)
        if error is None:
            raise
        raise error from exc
    await target.close()
    return {table: len(rows) for table, (_, rows) in plan.items()}


async def _copy_all(target: asyncpg.Connection, url: str, plan: Plan, progress: _Progress) -> None:
    """Schema and rows in one transaction: after any failure the target stays empty."""
    async with target.transaction():
        await _migrate(target, url)  # its transactions nest: savepoints in this one
        await _copy(target, plan, progress)
        progress.committing = True


async def _watched(target: asyncpg.Connection, work: Coroutine[Any, Any, None]) -> None:
    """Run ``work``, stopping it as soon as the connection is closed under it (ConnectionLost)
    instead of waiting for a socket that will never take data again."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=WATCH_EVERY)
            if done:
                task.result()
                return
            if target.is_closed():
                raise ConnectionLost("the connection closed: cut, or the server stopped")
    finally:
        if not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=UNWIND)
        if task.done() and not task.cancelled():
            task.exception()  # seen: it is the lost connection's, said once by the caller


def _failure(url: str, progress: _Progress, exc: BaseException) -> StorageError | None:
    """``exc`` in one line, or None for what is not a copy's failure (Ctrl-C, a bug)."""
    where = shown(url)
    why = " ".join(str(exc).split()) or type(exc).__name__  # a DETAIL line too, on this line
    if isinstance(exc, ConnectionLost | asyncpg.PostgresConnectionError | OSError) or (
        isinstance(exc, asyncpg.InterfaceError) and "closed" in why
    ):
        if progress.committing:
            return StorageError(
                f"the connection to {where} was lost while PostgreSQL committed the copy "
                f"({why}): it may have been kept — `db check --database-url` shows whether "
                "the games arrived (a second copy refuses a database that is not empty)"
            )
        return StorageError(
            f"the connection to {where} was lost during the copy ({why}); the copy is one "
            "transaction, so PostgreSQL kept none of it: run the command again once the "
            "server answers"
        )
    if isinstance(exc, asyncpg.PostgresError):
        return StorageError(
            f"PostgreSQL refused the copy ({why}); nothing was kept, {where} is "
            "still empty: correct the SQLite file and run the command again"
        )
    if isinstance(exc, OverflowError | TypeError | ValueError):  # asyncpg could not encode it
        return StorageError(
            f"a value in the table {progress.table} cannot be sent to PostgreSQL ({why}); "
            f"nothing was kept, {where} is still empty: correct the SQLite file and run "
            "the command again"
        )
    return None


async def _copy(target: asyncpg.Connection, plan: Plan, progress: _Progress) -> None:
    """The rows, the id sequence and the counts, inside the caller's transaction."""
    for table, (columns, rows) in plan.items():
        progress.table = table
        if rows:
            await target.copy_records_to_table(table, records=rows, columns=columns)
    await target.execute(
        "SELECT setval(pg_get_serial_sequence('games', 'id'),"
        " coalesce((SELECT max(id) FROM games), 0) + 1, false)"
    )
    for table, (_, rows) in plan.items():
        stored = await target.fetchval(f"SELECT count(*) FROM {table}")
        if stored != len(rows):
            raise StorageError(f"{table}: {len(rows)} rows read but {stored} stored")
