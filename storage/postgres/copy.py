"""``db migrate-to-postgres``: copy an SQLite database into an empty PostgreSQL database.

The SQLite file is first brought to the current schema (as the bot would on its next start),
then every row of every table is copied in one PostgreSQL transaction (COPY), the games' id
sequence is moved past the copied ids, and the row counts are compared: either everything
arrives or nothing does. Stop the bot first: the copy is a snapshot of the file.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage.errors import DatabaseUnreadable, StorageError
from storage.postgres.db import connect, schema_state, shown
from storage.repository import Storage

# Parents before children (foreign keys); the same tables in both dialects.
TABLES = ("games", "seats", "moves", "results", "tallies", "user_settings")


async def copy_sqlite_to_postgres(sqlite_path: str | Path, url: str) -> dict[str, int]:
    """Copy every row; return the rows copied per table. Refuses a non-empty target."""
    from storage.postgres import PostgresStorage

    path = Path(sqlite_path)
    if not path.is_file():
        raise DatabaseUnreadable(f"{path} does not exist or is not a file")
    target = await connect(url)
    try:
        _, tables = await schema_state(target)
        if tables:
            raise StorageError(
                f"{shown(url)} is not empty (tables: {', '.join(tables[:6])}); "
                "migrate-to-postgres copies only into an empty database — create a new one"
            )
        source = await Storage.open(path)  # the current schema, as the bot would make it
        await source.close()
        created = await PostgresStorage.open(url)
        await created.close()
        counts = _read_and_copy_plan(path)
        async with target.transaction():
            for table, (columns, rows) in counts.items():
                if rows:
                    await target.copy_records_to_table(table, records=rows, columns=columns)
            await target.execute(
                "SELECT setval(pg_get_serial_sequence('games', 'id'),"
                " coalesce((SELECT max(id) FROM games), 0) + 1, false)"
            )
            for table, (_, rows) in counts.items():
                stored = await target.fetchval(f"SELECT count(*) FROM {table}")
                if stored != len(rows):
                    raise StorageError(f"{table}: {len(rows)} rows read but {stored} stored")
    finally:
        await target.close()
    return {table: len(rows) for table, (_, rows) in counts.items()}


def _read_and_copy_plan(path: Path) -> dict[str, tuple[list[str], list[tuple[object, ...]]]]:
    """Every table's columns and rows, read in one snapshot of the SQLite file."""
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        conn.execute("BEGIN")
        plan: dict[str, tuple[list[str], list[tuple[object, ...]]]] = {}
        for table in TABLES:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            order = ", ".join(columns[:2])
            rows = conn.execute(
                f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}"
            ).fetchall()
            plan[table] = (columns, rows)
        conn.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"cannot read {path} ({exc})") from exc
    finally:
        conn.close()
    return plan
