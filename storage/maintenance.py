"""Operator tools: a read-only health check and an online backup. Both are synchronous
(the CLI calls them) and both work while the bot has the database open (WAL readers do not block
the writer, and the backup API copies a consistent snapshot)."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from storage.db import BUSY_TIMEOUT_MS, schema_version_supported
from storage.errors import DatabaseUnreadable, StorageError

STATUSES = ("lobby", "running", "finished", "abandoned")


@dataclass(frozen=True, slots=True)
class CheckReport:
    path: str
    schema_version: int
    supported_version: int
    integrity: list[str]
    games_by_status: dict[str, int] = field(default_factory=dict)
    moves: int = 0
    games_by_game: dict[str, dict[str, int]] = field(default_factory=dict)  # game -> status -> n

    @property
    def ok(self) -> bool:
        return self.integrity == ["ok"] and self.schema_version == self.supported_version

    def lines(self) -> list[str]:
        version = f"schema version {self.schema_version} (this bot: {self.supported_version})"
        if self.schema_version > self.supported_version:
            version += " — written by a NEWER bot"
        elif self.schema_version < self.supported_version:
            version += " — will be upgraded when the bot next opens it"
        return [
            f"database: {self.path}",
            version,
            f"integrity: {'; '.join(self.integrity)}",
            f"games: {_counts(self.games_by_status)}",
            *(f"  {game}: {_counts(n)}" for game, n in sorted(self.games_by_game.items())),
            f"moves logged: {self.moves}",
            "status: OK" if self.ok else "status: PROBLEM",
        ]


def _counts(by_status: dict[str, int]) -> str:
    return ", ".join(f"{s} {by_status.get(s, 0)}" for s in STATUSES)


def _open_read_only(path: Path) -> sqlite3.Connection:
    if not path.is_file():
        raise DatabaseUnreadable(f"{path} does not exist or is not a file")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"cannot read {path} as an SQLite database ({exc})") from exc
    return conn


def check_database(path: str | Path) -> CheckReport:
    """Schema version, PRAGMA integrity_check and counts, without writing anything."""
    db_path = Path(path)
    conn = _open_read_only(db_path)
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        integrity = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
        counts: dict[str, int] = {}
        by_game: dict[str, dict[str, int]] = {}
        moves = 0
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if "games" in tables:
            counts = dict(conn.execute("SELECT status, count(*) FROM games GROUP BY status"))
            if "game" in {row[1] for row in conn.execute("PRAGMA table_info(games)")}:
                for game, status, n in conn.execute(
                    "SELECT game, status, count(*) FROM games GROUP BY game, status"
                ):
                    by_game.setdefault(game, {})[status] = n
        if "moves" in tables:
            moves = int(conn.execute("SELECT count(*) FROM moves").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"{db_path} is damaged ({exc})") from exc
    finally:
        conn.close()
    supported = schema_version_supported()
    return CheckReport(str(db_path), version, supported, integrity, counts, moves, by_game)


def backup_database(source: str | Path, destination: str | Path) -> Path:
    """Copy a consistent snapshot of ``source`` to ``destination`` (which must not exist yet)."""
    src_path, dest_path = Path(source), Path(destination)
    if dest_path.exists():
        raise StorageError(f"backup target {dest_path} already exists; choose a new file name")
    dest_path.parent.mkdir(parents=True, exist_ok=True)
    tmp_path = dest_path.with_name(dest_path.name + ".partial")
    src = _open_read_only(src_path)
    try:
        tmp_path.unlink(missing_ok=True)
        dst = sqlite3.connect(tmp_path)
        try:
            src.backup(dst)  # all pages in one step: one consistent read snapshot
            check = dst.execute("PRAGMA quick_check").fetchone()[0]
            dst.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        finally:
            dst.close()
        if check != "ok":
            raise StorageError(f"backup copy failed its check: {check}")
        os.replace(tmp_path, dest_path)
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"backup of {src_path} failed ({exc})") from exc
    finally:
        src.close()
        tmp_path.unlink(missing_ok=True)
    return dest_path
