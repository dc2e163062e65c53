"""Can the bot's database be read right now? The health check's question, asked every 30 s.

One row of `games`, and for SQLite the integrity check by which `run` refuses a damaged file
(about half a second per 100 MB): a file damaged under a running bot must not look healthy.
It never creates, migrates or writes anything: a missing SQLite file stays missing, an empty
PostgreSQL database stays empty. Each failure is a `DatabaseUnreadable` saying why.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from storage.errors import DatabaseDamaged, DatabaseUnreadable
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
        rows = conn.execute("PRAGMA integrity_check(1)").fetchall()
        if rows and rows[0][0] == "ok":
            conn.execute(READ).fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            raise DatabaseUnreadable(f"{path} {NO_GAMES}") from exc
        raise DatabaseUnreadable(f"cannot read {path} ({exc})") from exc
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"cannot read {path} ({exc})") from exc
    finally:
        conn.close()
    problem = str(rows[0][0]) if rows else "no answer"
    if problem != "ok":
        lines = (line for line in problem.splitlines() if not line.startswith("***"))
        shown = "".join(c if c.isprintable() else "?" for c in "; ".join(lines))[:200]
        raise DatabaseDamaged(
            f"{path} is damaged (integrity check: {shown}): the bot refuses it at its next "
            "start; restore a backup (README Troubleshooting)"
        )


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
