"""``db migrate-to-postgres``: copy an SQLite database into an empty PostgreSQL database.

The SQLite file is read without writing to it (storage/postgres/source.py: checked, then brought
to the current schema in memory). Then, in ONE PostgreSQL transaction, the schema is created,
every row of every table is copied (COPY), the games' id sequence is moved past the copied ids
and the row counts are compared: either everything arrives or nothing does, not even the
tables, so after a failure the target is still empty and the command can simply be run again.
Stop the bot first: the copy is a snapshot of the file.
"""

from __future__ import annotations

from pathlib import Path

import asyncpg

from storage.errors import Refused, StorageError
from storage.postgres.db import _migrate, connect, schema_state, shown
from storage.postgres.source import Plan, read_source


async def copy_sqlite_to_postgres(sqlite_path: str | Path, url: str) -> dict[str, int]:
    """Copy every row; return the rows copied per table. Refuses a non-empty target."""
    path = Path(sqlite_path)
    plan = read_source(path)
    target = await connect(url)
    try:
        _, tables = await schema_state(target)
        if tables:
            raise Refused(
                f"{shown(url)} is not empty (tables: {', '.join(tables[:6])}); "
                "migrate-to-postgres copies only into an empty database — create a new one"
            )
        try:
            async with target.transaction():
                await _migrate(target, url)  # its transactions nest: savepoints in this one
                await _copy(target, plan)
        except asyncpg.PostgresError as exc:
            why = " ".join(str(exc).split())  # its DETAIL line too, on this one line
            raise StorageError(
                f"PostgreSQL refused the copy ({why}); nothing was kept, {shown(url)} is "
                "still empty: correct the SQLite file and run the command again"
            ) from exc
    finally:
        await target.close()
    return {table: len(rows) for table, (_, rows) in plan.items()}


async def _copy(target: asyncpg.Connection, plan: Plan) -> None:
    """The rows, the id sequence and the counts, inside the caller's transaction."""
    for table, (columns, rows) in plan.items():
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
