"""A checked, self-contained copy of an SQLite database, written so that the copy's name never
names a half-written file: `db backup` and the copy kept before a schema migration."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from storage.errors import StorageError


class CopyFailedCheck(StorageError):
    """The copy's ``quick_check`` failed: the source's pages were damaged (the backup API
    copies them as they are), or, rarely, the disk under the copy. ``problem`` is SQLite's
    first problem."""

    def __init__(self, check: str) -> None:
        super().__init__(f"the copy failed its check: {check}")
        self.problem = check


def write_copy(source: sqlite3.Connection, destination: Path) -> None:
    """Copy a consistent snapshot of ``source`` into ``destination`` (which must not exist).

    The pages go to ``destination.partial`` in one backup step (one read snapshot), are
    checked (``quick_check``), switched to a rollback journal (one file, no -wal), and only
    then renamed. Raises sqlite3/OS errors as they come; the .partial file never stays.
    """
    partial = destination.with_name(destination.name + ".partial")
    try:
        partial.unlink(missing_ok=True)
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)
            check = copy.execute("PRAGMA quick_check(1)").fetchone()[0]
            copy.execute("PRAGMA journal_mode=DELETE")
        finally:
            copy.close()
        if check != "ok":
            raise CopyFailedCheck(check)
        os.replace(partial, destination)
    finally:
        with contextlib.suppress(OSError):  # (an unwritable place never made one)
            partial.unlink(missing_ok=True)
