"""Before the bot writes to an SQLite file: may it write there, and is the file whole?

Both questions are answered before anything is written (no -wal/-shm files made, no header
change, no migration), so a refused file is left byte-identical for the operator to copy,
salvage or replace. Without them a read-only file fails only at the first save (leaving
empty -wal/-shm files behind) and a damaged one is migrated, rewritten and then fails as
"malformed" when games are loaded.
"""

from __future__ import annotations

import errno
import os
import pwd
import sqlite3
from pathlib import Path

import aiosqlite

from storage.errors import DatabaseDamaged, DatabaseUnreadable
from storage.paths import SIDE_SUFFIXES, real

_NOT_ALLOWED = (errno.EACCES, errno.EPERM, errno.EROFS)


def read_only_folder(path: Path) -> str | None:
    """Why SQLite may not create the -wal/-shm files beside `path`, if it may not."""
    folder = path.resolve().parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return f"{folder} is on a read-only file system"
    except OSError:
        return None
    return None if os.access(folder, os.W_OK) else f"{folder} is not writable for this user"


def refuse_unwritable(path: Path) -> None:
    """Raise DatabaseUnreadable unless this user may read and write `path`, the -wal/-shm/
    -journal files beside it, and create files beside it.

    Asks the operating system itself (an open for writing, closed at once), so root, who may
    write a file whatever its mode, passes, while a read-only file system stops root too.
    """
    if path.is_file():
        try:
            os.close(os.open(path, os.O_RDWR))
        except OSError as exc:
            if exc.errno not in _NOT_ALLOWED:
                raise DatabaseUnreadable(f"cannot open {path} ({exc.strerror})") from exc
            if exc.errno == errno.EROFS:
                why = "on a read-only file system"
            elif not os.access(path, os.R_OK):
                why = "unreadable for this user (no read permission)"
            else:
                why = "read-only for this user"
            raise DatabaseUnreadable(
                f"{path} is {why}; the bot must read and write it: give the user that runs the "
                "bot read and write access to it (chmod/chown, or a writable mount); nothing "
                "was changed"
            ) from exc
        _refuse_unwritable_side_files(path)
    folder = read_only_folder(path)
    if folder is not None:
        raise DatabaseUnreadable(
            f"cannot use {path}: the bot must create its -wal/-shm files beside it, but "
            f"{folder}; give the user that runs the bot write access to that folder"
        )


def _refuse_unwritable_side_files(path: Path) -> None:
    """A -wal/-shm/-journal this user may not write (another account read the database and
    left them): SQLite would open them read-only and every save would fail with "attempt to
    write a readonly database". `os.access`, not an open: closing a descriptor of a file
    drops this process's SQLite locks on it."""
    for suffix in SIDE_SUFFIXES:
        side = Path(real(path) + suffix)
        if side.exists() and not os.access(side, os.R_OK | os.W_OK):
            raise DatabaseUnreadable(
                f"cannot use {path}: {side} beside it belongs to {_owner(side)} and this user "
                "may not write it (another account opened the database and left it), so every "
                "save would fail; give it to the user that runs the bot (chown) while no "
                "process uses the database; nothing was changed"
            )


def _owner(path: Path) -> str:
    """The user name owning `path` (its number if the system has no name for it)."""
    uid = path.stat().st_uid
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


async def refuse_damaged(conn: aiosqlite.Connection, path: Path) -> None:
    """Raise DatabaseDamaged when ``PRAGMA integrity_check`` finds a problem (it reads every
    page: about half a second per 100 MB)."""
    try:
        rows = list(await conn.execute_fetchall("PRAGMA integrity_check(1)"))
        problem = str(rows[0][0]) if rows else "no answer"
    except sqlite3.DatabaseError as exc:  # a page too broken for the check to walk past
        problem = str(exc)
    if problem == "ok":
        return
    raise damaged(path, problem)


def damaged(path: Path, problem: str) -> DatabaseDamaged:
    """The refusal of a file that failed SQLite's check: its first problem (without the
    "*** in database main ***" header), and what to do."""
    problem = "; ".join(line for line in problem.splitlines() if not line.startswith("***"))
    return DatabaseDamaged(
        f"{path} is damaged (integrity check: {problem}); it was left untouched — restore "
        f"your newest backup (a `db backup` copy, or the {path.name}.before-v*.bak kept "
        f"before an upgrade), or salvage what is readable with "
        f"`sqlite3 {path} .recover | sqlite3 recovered.db`"
    )
