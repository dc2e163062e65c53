"""File names an SQLite database must not be given, and the files SQLite keeps beside one.

Checked before anything opens the name: a name the file system cannot hold (over 255 bytes)
or a symbolic link loop would otherwise surface as a traceback from deep inside pathlib or
SQLite, and a FIFO or a device is no database: opening a FIFO blocks for ever, and SQLite
given /dev/null writes a `/dev/null-journal` beside it.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from storage.errors import BadArgument

SIDE_SUFFIXES = ("-wal", "-shm", "-journal")
"""The files SQLite keeps beside a database, named after it (WAL, its index, rollback)."""

NAME_MAX = 255  # bytes in one file name on Linux file systems
_SHOWN = 40  # characters of a long name quoted in a message

_KINDS = {
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


class UnusablePath(BadArgument):
    """The name itself cannot serve as a file here (too long, a loop, a FIFO, a device);
    nothing was opened or made. Exit status 2: the operator must name another file."""


def shown(name: str) -> str:
    """A name as quoted in a message: long ones cut, with their length."""
    size = len(os.fsencode(name))
    return name if size <= 2 * _SHOWN else f"{name[:_SHOWN]}… ({size} bytes)"


def refuse_unusable_path(path: Path, what: str = "a database file") -> None:
    """Raise UnusablePath if `path` cannot be `what` whatever the disk holds; a missing file
    (or folder) passes: the caller decides whether it may make one."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:
            raise UnusablePath(too_long(path)) from None
        if exc.errno == errno.ELOOP:
            raise UnusablePath(
                f"{shown(str(path))} is a symbolic link loop: following its links never "
                f"reaches a file (see ls -l); name {what} instead"
            ) from None
        return  # missing, or a folder in the way: the caller's own message says which
    kind = _KINDS.get(stat.S_IFMT(mode))
    if kind is not None:
        raise UnusablePath(f"{shown(str(path))} is {kind}, not {what}; name a regular file")


def too_long(path: Path) -> str:
    """Why the system refused `path` with ENAMETOOLONG, in words."""
    longest = max(path.parts, key=lambda part: len(os.fsencode(part)))
    size = len(os.fsencode(longest))
    if size > NAME_MAX:
        return (
            f"the file name {longest[:_SHOWN]}… is {size} bytes long; a name may have at most "
            f"{NAME_MAX}: choose a shorter name"
        )
    return (
        f"the path {shown(str(path))} is too long for the system "
        f"({len(os.fsencode(str(path)))} bytes): choose a shorter one"
    )


def real(path: Path | str) -> str:
    """`path` with every symbolic link and `..` resolved, as far as it exists (never raises:
    a loop or an over-long name comes back as far as it could be followed)."""
    return os.path.realpath(os.path.abspath(path))


def database_files(database: Path) -> dict[str, str]:
    """The real names of the database and of the files SQLite keeps beside it (SQLite names
    them after the database's real path), each with how a message calls it."""
    base = real(database)
    names = {base: f"the database {database}"}
    for suffix in SIDE_SUFFIXES:
        names[base + suffix] = f"the {suffix} file of the database {database}"
    return names
