"""The SQLite file `db migrate-to-postgres` copies, read without ever writing to it.

It is checked first (`db check`'s read-only report: integrity, empty, another application's,
a newer schema) and refused with BadArgument if it cannot be copied. Its pages are then copied
into memory in one read snapshot and that copy, not the file, is brought to the current schema.
So a 0-byte file is not turned into a new bot database, a damaged file is not copied, and an
older file stays as it was for the older bot.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage.db import migration_script, migrations
from storage.errors import BadArgument, DatabaseUnreadable
from storage.maintenance import CheckReport, check_database, open_read_only

# Parents before children (foreign keys); the same tables in both dialects.
TABLES = (
    "games",
    "seats",
    "moves",
    "results",
    "tallies",
    "user_settings",
    "ratings",
    "rating_history",
    "seasons",
    "season_games",
    "season_ratings",
    "server_settings",
    "user_locales",
    "turn_dms",
    "turns_told",
    "tournaments",
    "tournament_players",
    "tournament_tables",
)

NOT_COPIED = ("shard_leases",)
"""Tables that say which process holds what now: a copy starts with none."""

Plan = dict[str, tuple[list[str], list[tuple[object, ...]]]]


def read_source(path: Path) -> Plan:
    """Every table's columns and rows at the current schema; BadArgument if not copyable."""
    try:
        report = check_database(path)
    except DatabaseUnreadable as error:
        raise BadArgument(f"cannot copy: {error}; nothing was copied") from error
    refusal = _refusal(report)
    if refusal is not None:
        raise BadArgument(f"cannot copy {path}: {refusal}; nothing was copied")
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        source = open_read_only(path)
        try:
            source.backup(memory)
        finally:
            source.close()
        memory.execute("PRAGMA foreign_keys=ON")  # as the bot migrates
        for number, sql in migrations():
            if number > report.schema_version:
                memory.executescript(migration_script(number, sql))
        return _plan(memory)
    except sqlite3.DatabaseError as exc:
        raise BadArgument(f"cannot read {path} ({exc}); nothing was copied") from exc
    finally:
        memory.close()


def _refusal(report: CheckReport) -> str | None:
    """Why the checked file cannot be copied, if it cannot."""
    if report.integrity != ["ok"]:
        return f"it is damaged (integrity check: {'; '.join(report.integrity)[:300]})"
    if report.empty:
        return "it is empty (no tables): there is nothing to copy"
    if report.foreign:
        return "it is an SQLite database of another application, not of this bot"
    if report.schema_version > report.supported_version:
        return (
            f"it has schema version {report.schema_version}, newer than this bot's "
            f"{report.supported_version}: copy it with the newer bot"
        )
    return None


def _plan(conn: sqlite3.Connection) -> Plan:
    """Every table's columns and rows, in key order."""
    plan: Plan = {}
    for table in TABLES:
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        order = ", ".join(columns[:2])
        rows = conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {order}").fetchall()
        plan[table] = (columns, rows)
    return plan
