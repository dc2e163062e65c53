"""`db rerate`: open the database (either backend), rebuild the ratings, close it.

It treats the database as `run` does and says what it did besides rating: an older schema is
upgraded first (SQLite: keeping a copy, named in a line), but never under a running bot, which
would then serve a schema it does not know; an empty database holds no games to rate, so it is
refused instead of set up. Another connection's write lock (an operator's ``sqlite3`` shell in
a transaction) is waited for, saying so, up to ``LOCK_WAIT`` seconds in all.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from storage import sole_process
from storage.db import schema_version_supported
from storage.errors import BadArgument, Refused, StorageError
from storage.maintenance import open_read_only
from storage.opening import open_storage

LOCK_WAIT = 60.0  # seconds, in all, that db rerate waits for another connection's write lock
RETRY_PAUSE = 0.5  # seconds between tries (each try itself waits SQLite's busy timeout, 5 s)
_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)

Say = Callable[[str], None]


async def rerate_database(url: str | None, path: Path, *, say: Say, warn: Say) -> int:
    """How many finished games were rated again. ``say`` gets a line for what was done besides
    (an upgrade), ``warn`` one for a wait."""
    if url:
        return await _rerate_postgres(url, say)
    version = _sqlite_version(path)
    supported = schema_version_supported()
    held = _hold_for_upgrade(path, version) if 0 < version < supported else None
    kept_before = _copies(path)
    try:
        return await _patiently(lambda: _rerate(url, path), path, warn, LOCK_WAIT)
    finally:
        sole_process.release(held)
        kept = sorted(_copies(path) - kept_before)
        if kept:  # said even if the rating then failed: the file is upgraded
            say(
                f"upgraded {path} from schema version {version} to {supported} first, as the "
                f"bot does when it starts (the older file is kept as "
                f"{', '.join(str(p) for p in kept)})"
            )


async def _rerate(url: str | None, path: Path | str) -> int:
    storage = await open_storage(url, path)
    try:
        return await storage.rerate()
    finally:
        await storage.close()


def _sqlite_version(path: Path) -> int:
    """The file's schema version, read without writing; BadArgument for an empty file."""
    conn = open_read_only(path)
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0  # opening it says what is wrong with it
    finally:
        conn.close()
    if not version and not tables:
        raise BadArgument(
            f"{path} is empty (no tables): it holds no games to rate; nothing was written "
            "(the bot sets the file up when it first starts on it)"
        )
    return version


def _hold_for_upgrade(path: Path, version: int) -> tuple[int, int] | None:
    """Hold the older file as the bot does (no bot may start on it meanwhile); Refused if a
    bot runs on it: an upgrade under it would leave that older bot serving a schema it does
    not know."""
    try:
        return sole_process.hold(path)
    except sole_process.DatabaseInUse:
        raise Refused(
            f"{path} has schema version {version}, older than this bot's "
            f"{schema_version_supported()}, and a bot (an older version) is running on it: "
            "rating would upgrade the file under it; nothing was changed — stop that bot, "
            "start this version (it upgrades the file, keeping a copy), then run db rerate"
        ) from None


def _copies(path: Path) -> set[Path]:
    """The copies kept before upgrades (storage/upgrade_backup.py names them)."""
    return set(path.parent.glob(f"{path.name}.before-v*.bak"))


async def _patiently(step: Callable[[], Awaitable[int]], path: Path, warn: Say, wait: float) -> int:
    """``step``, tried again while another connection holds the write lock, up to ``wait``
    seconds in all; a plain StorageError (a failure while working) if it never frees."""
    deadline = time.monotonic() + wait
    warned = False
    while True:
        try:
            return await step()
        except (sqlite3.OperationalError, StorageError) as exc:
            if not _busy(exc):
                raise
            if time.monotonic() >= deadline:
                raise StorageError(
                    f"{path} stayed locked by another connection's write for over "
                    f"{wait:.0f} s (a sqlite3 shell in a transaction?); nothing was rated — "
                    "end that transaction and run db rerate again"
                ) from exc
            if not warned:
                warn(
                    f"{path} is locked by another connection's write (a sqlite3 shell in a "
                    f"transaction?); waiting for it, up to {wait:.0f} s"
                )
                warned = True
            await asyncio.sleep(RETRY_PAUSE)


def _busy(exc: BaseException | None) -> bool:
    """Is ``exc`` (or what caused it) SQLite's "database is locked"?"""
    while exc is not None:
        if isinstance(exc, sqlite3.OperationalError) and (
            getattr(exc, "sqlite_errorcode", None) in _BUSY or "locked" in str(exc)
        ):
            return True
        exc = exc.__cause__
    return False


async def _rerate_postgres(url: str, say: Say) -> int:
    """The same on PostgreSQL: an empty database refused, an older schema upgraded and said."""
    from storage.postgres.db import connect, pg_migrations, schema_state, shown

    conn = await connect(url)
    try:
        version, tables = await schema_state(conn)
    finally:
        await conn.close()
    if not version and not tables:
        raise BadArgument(
            f"the PostgreSQL database {shown(url)} is empty (no tables): it holds no games to "
            "rate; nothing was written (the bot sets it up when it first starts on it)"
        )
    games = await _rerate(url, "")
    supported = len(pg_migrations())
    if 0 < version < supported:
        say(
            f"upgraded the PostgreSQL database {shown(url)} from schema version {version} to "
            f"{supported} first, as the bot does when it starts"
        )
    return games
