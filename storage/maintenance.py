"""Operator tools: a read-only health check and an online backup. Both are synchronous
(the CLI calls them) and both work while the bot has the database open (WAL readers do not block
the writer, and the backup API copies a consistent snapshot).

Neither leaves a file beside the database (open_read_only): a user who may write there reads
through a read-write connection that refuses writes (`query_only`), which as the last connection
to leave removes the -wal/-shm files SQLite made for the read; any other user reads read-only,
as immutable when nobody has the database open, since a `mode=ro` connection would leave them
behind, owned by that user."""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from storage.backup_target import refuse_backup_target
from storage.db import BUSY_TIMEOUT_MS, schema_version_supported
from storage.errors import (
    DatabaseDamaged,
    DatabaseUnreadable,
    StorageError,
    folder_reason,
    one_line,
)
from storage.paths import SIDE_SUFFIXES, real, refuse_unusable_path
from storage.preflight import damaged, read_only_folder
from storage.snapshot import CopyFailedCheck, write_copy

STATUSES = ("lobby", "running", "finished", "abandoned")


@dataclass(frozen=True, slots=True)
class CheckReport:
    path: str
    schema_version: int
    supported_version: int
    integrity: list[str]
    games_by_status: dict[str, int] | None = field(default_factory=dict)  # None: no games table
    moves: int | None = 0  # None: no moves table
    tables: tuple[str, ...] = ("games", "moves")
    games_by_game: dict[str, dict[str, int]] = field(default_factory=dict)  # game -> status -> n
    kind: str = "an SQLite database"  # what the database is, for the foreign-contents line

    @property
    def empty(self) -> bool:
        """No tables at all (an empty file): the bot sets the database up when it opens it."""
        return not self.tables and self.schema_version == 0

    @property
    def foreign(self) -> bool:
        """Tables but no schema version of this bot: the bot refuses it (ForeignDatabase)."""
        return bool(self.tables) and self.schema_version == 0

    @property
    def ok(self) -> bool:
        if self.integrity != ["ok"] or self.foreign:
            return False
        # An older version is healthy: the bot upgrades it (keeping a copy) when it opens it.
        return self.empty or self.schema_version <= self.supported_version

    def lines(self) -> list[str]:
        """The report, each line printable (``one_line``: another application's table names
        and a damaged page's check output are quoted escaped)."""
        return [one_line(line) for line in self._lines()]

    def _lines(self) -> list[str]:
        head = [f"database: {self.path}"]
        integrity = f"integrity: {'; '.join(self.integrity)}"
        if self.empty:
            return [
                *head,
                "contents: empty (no tables); the bot creates its tables when it first opens it",
                integrity,
                "status: OK",
            ]
        if self.foreign:
            shown = ", ".join(self.tables[:8]) + (", …" if len(self.tables) > 8 else "")
            return [
                *head,
                f"contents: {self.kind} of another application (tables: {shown}); "
                "the bot would refuse to open it",
                integrity,
                "status: PROBLEM",
            ]
        version = f"schema version {self.schema_version} (this bot: {self.supported_version})"
        if self.schema_version > self.supported_version:
            version += " — written by a NEWER bot"
        elif self.schema_version < self.supported_version:
            version += (
                " — will be upgraded when the bot next opens it (a copy is kept beside it first)"
            )
        lines = [*head, version, integrity]
        if self.games_by_status is not None:
            lines.append(f"games: {_counts(self.games_by_status)}")
            lines += [f"  {game}: {_counts(n)}" for game, n in sorted(self.games_by_game.items())]
        if self.moves is not None:
            lines.append(f"moves logged: {self.moves}")
        return [*lines, "status: OK" if self.ok else "status: PROBLEM"]


def _counts(by_status: dict[str, int]) -> str:
    return ", ".join(f"{s} {by_status.get(s, 0)}" for s in STATUSES)


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that only reads `path` (`query_only`) and leaves nothing beside it; the
    check, the backup, migrate-to-postgres and the health check read through it.

    A user who may write the file and its folder reads through a read-write connection, so
    SQLite, as the last connection to leave, removes the -wal/-shm files it made. Any other
    user (another account, a read-only mount) reads read-only: a read-only connection cannot
    remove what it makes, and files left beside the database, owned by that user, would make
    every save of the bot fail. Without a -wal file nobody has the database open and all of
    it is in the file: it is read as immutable, which makes nothing."""
    refuse_unusable_path(path)
    if not path.is_file():
        raise DatabaseUnreadable(f"{path} does not exist or is not a file")
    if not os.access(path, os.R_OK):
        raise DatabaseUnreadable(
            f"cannot read {path}: it is unreadable for this user (no read permission); run "
            "this as the user that runs the bot, or give this user read access"
        )
    if os.access(path, os.W_OK) and read_only_folder(path) is None:
        uri = f"{path.resolve().as_uri()}?mode=rw"
    else:
        uri = f"{path.resolve().as_uri()}?mode=ro{_read_only_mode(path)}"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"cannot read {path} as an SQLite database ({exc})") from exc
    try:
        conn.execute("PRAGMA query_only=ON")
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as exc:
        conn.close()
        folder = read_only_folder(path)
        if folder is not None and isinstance(exc, sqlite3.OperationalError):
            raise DatabaseUnreadable(
                f"cannot read {path}: a write-access problem — SQLite needs to write a -shm "
                f"file beside a WAL database even to read it, and {folder}; "
                "copy the file somewhere writable and check the copy"
            ) from exc
        raise DatabaseUnreadable(f"cannot read {path} as an SQLite database ({exc})") from exc
    return conn


def _read_only_mode(path: Path) -> str:
    """What a read-only connection adds to its URI so that it makes no file beside `path`:
    `&immutable=1` when no -wal or -journal is there (nobody has it open). With a -wal it
    reads through the -shm beside it, which must be there: SQLite would make one."""
    wal, shm, journal = (Path(real(path) + suffix) for suffix in SIDE_SUFFIXES)
    if not wal.exists() and not journal.exists():
        return "&immutable=1"
    if wal.exists() and not shm.exists():
        raise DatabaseUnreadable(
            f"cannot read {path} without leaving a file beside it: its {wal.name} file has no "
            f"{shm.name} file, which SQLite would make, owned by this user, who may not write "
            "the database; run this as the user that runs the bot"
        )
    return ""


def check_database(path: str | Path) -> CheckReport:
    """Schema version, PRAGMA integrity_check and counts, without writing anything."""
    db_path = Path(path)
    conn = open_read_only(db_path)
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        integrity = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
        counts: dict[str, int] | None = None
        by_game: dict[str, dict[str, int]] = {}
        moves: int | None = None
        tables = tuple(
            str(row[0])
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        )
        if version and "games" in tables:
            counts = dict(conn.execute("SELECT status, count(*) FROM games GROUP BY status"))
            if "game" in {row[1] for row in conn.execute("PRAGMA table_info(games)")}:
                for game, status, n in conn.execute(
                    "SELECT game, status, count(*) FROM games GROUP BY game, status"
                ):
                    by_game.setdefault(game, {})[status] = n
        if version and "moves" in tables:
            moves = int(conn.execute("SELECT count(*) FROM moves").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"{db_path} is damaged ({exc})") from exc
    finally:
        conn.close()
    supported = schema_version_supported()
    return CheckReport(str(db_path), version, supported, integrity, counts, moves, tables, by_game)


def backup_database(source: str | Path, destination: str | Path) -> Path:
    """Copy a consistent snapshot of ``source`` to ``destination`` (which must not exist yet)."""
    src_path, dest_path = Path(source), Path(destination)
    refuse_backup_target(dest_path, src_path)
    src = open_read_only(src_path)  # before writing: a bad source is the source's fault
    try:
        write_copy(src, dest_path)  # all pages in one step: one consistent read snapshot
    except CopyFailedCheck as exc:  # the pages as they were read: is the source damaged?
        raise _source_damaged(src, src_path) or exc from exc
    except (OSError, sqlite3.OperationalError) as exc:  # the copy could not be written
        raise _target_error(dest_path, exc) from exc
    except sqlite3.DatabaseError as exc:
        raise DatabaseUnreadable(f"backup of {src_path} failed ({exc})") from exc
    finally:
        src.close()
    return dest_path


def _source_damaged(src: sqlite3.Connection, path: Path) -> StorageError | None:
    """The source's own refusal when its check fails too (only asked after the copy failed
    its check, so a sound backup reads every page once)."""
    try:
        problem = str(src.execute("PRAGMA quick_check(1)").fetchone()[0])
    except sqlite3.DatabaseError as exc:  # a page too broken for the check to walk past
        problem = str(exc)
    if problem == "ok":
        return None
    error = damaged(path, problem)
    return DatabaseDamaged(f"{error}; no backup was written")


def _target_error(dest: Path, exc: BaseException) -> StorageError:
    """The backup target cannot be written: say so, naming the target (not the source)."""
    why = folder_reason(dest, exc)
    if dest.parent.is_dir():
        why = read_only_folder(dest) or why
    return StorageError(f"cannot write the backup to {dest}: {why}; choose another place")
