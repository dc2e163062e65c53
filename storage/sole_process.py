"""One bot process per SQLite file.

A second bot process on the same file would serve its own cached copy of every game: clicks
made with the other process's newer version are refused as out of date and the old hand is
shown. So a running bot holds an exclusive ``flock`` on the database file itself for as long
as it runs, and a second one refuses to start (``DatabaseInUse``), pointing to DATABASE_URL.

Why ``flock`` on the file itself: SQLite's own locks are POSIX ``fcntl`` locks, which on Linux
are independent of ``flock``, so SQLite, ``db check`` and ``db backup`` work as before; no
file is made beside the database; and the kernel drops the lock when the process ends, however
it ends, so a crashed bot never blocks the next start.

Caution (POSIX): closing ANY descriptor of a file drops the process's ``fcntl`` locks on it,
SQLite's included. So a descriptor is opened only when this process holds no lock on the file
yet, and ``release`` is for after the bot's storage is closed.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from storage.errors import Refused

try:
    import fcntl
except ImportError:  # not Linux/Unix: no lock (the bot is built and tested on Linux)
    fcntl = None  # type: ignore[assignment]

_held: dict[tuple[int, int], int] = {}  # (device, inode) -> descriptor holding the flock


class DatabaseInUse(Refused):
    """Another live process holds the SQLite file: one SQLite file serves one bot process."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"another bot process is already running on {path}; one SQLite file serves one "
            "process — stop that one, or set DATABASE_URL (PostgreSQL) to run several "
            '(README "Running at scale")'
        )


def hold(path: str | Path) -> tuple[int, int] | None:
    """Hold the SQLite file at ``path`` for this process until ``release``; DatabaseInUse if
    another process holds it. Holding it again is a no-op. Returns the key for ``release``;
    None if there is nothing to hold yet (no file: take it again once the storage made it; a
    file that cannot be read, or a FIFO or device: opening the storage says why) or no flock
    on this system. Take it before opening the storage where the file exists, so that a
    refused process touches nothing."""
    if fcntl is None:
        return None
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):  # a FIFO would block the open; opening says why
            return None
        key = (info.st_dev, info.st_ino)
        if key in _held:
            return key
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise DatabaseInUse(Path(path)) from None
    except BaseException:
        os.close(fd)
        raise
    _held[key] = fd
    return key


def release(key: tuple[int, int] | None) -> None:
    """Let another process have the file (call after closing the storage)."""
    fd = _held.pop(key, None) if key is not None else None
    if fd is not None:
        os.close(fd)
