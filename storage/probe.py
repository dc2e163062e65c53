"""Can the bot's database be read right now? The health check's question, asked every 30 s.

Cheap on purpose (one row of `games`, no integrity scan: that is `db check`), and it never
creates, migrates or writes anything: a missing SQLite file stays missing, an empty
PostgreSQL database stays empty. Each failure is a `DatabaseUnreadable` saying why.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from storage.errors import DatabaseUnreadable
from storage.maintenance import open_read_only

POSTGRES_TIMEOUT = 5.0  # seconds; Docker's HEALTHCHECK gives the whole check 10
NO_GAMES = "has no games table: the bot has not set it up (or it is another application's)"
READ = "SELECT 1 FROM games LIMIT 1"


def probe_database(url: str | None, path: str | Path) -> str:
    """Read one row of PostgreSQL at `url` if set, else of the SQLite file at `path`; return
    the database as shown to operators (a URL without its password)."""
    if url:
        return asyncio.run(_probe_postgres(url))
    _probe_sqlite(Path(path))
    return str(path)


def _probe_sqlite(path: Path) -> None:
    conn = open_read_only(path)  # refuses a missing file instead of creating one
    try:
        conn.execute(READ).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            raise DatabaseUnreadable(f"{path} {NO_GAMES}") from exc
        raise DatabaseUnreadable(f"cannot read {path} ({exc})") from exc
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"cannot read {path} ({exc})") from exc
    finally:
        conn.close()


async def _probe_postgres(url: str) -> str:
    import asyncpg

    from storage.postgres.db import _unreachable, shown

    try:
        conn = await asyncpg.connect(url, timeout=POSTGRES_TIMEOUT)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as e:
        raise _unreachable(url, e) from e
    try:
        await conn.fetch(READ, timeout=POSTGRES_TIMEOUT)
    except asyncpg.UndefinedTableError as exc:
        raise DatabaseUnreadable(f"the PostgreSQL database {shown(url)} {NO_GAMES}") from exc
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise _unreachable(url, exc) from exc
    finally:
        await conn.close()
    return shown(url)
