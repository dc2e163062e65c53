"""Open a file that must be a regular file (a replay's scenario, `.env`) without ever blocking
on, or reading from, something else that a path can name.

`open()` on a FIFO waits for a writer for ever, a device may never end or may act on being
opened, and a folder cannot be read. So the path is looked at first and only a regular file is
opened; it is opened without blocking (O_NONBLOCK) and the open descriptor is looked at again,
so a path swapped for a FIFO or a device in between is refused too, never waited on.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


class NotRegular(OSError):
    """The path names something other than a regular file; `str()` says what, e.g.
    "a FIFO (named pipe)"."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind

    def __str__(self) -> str:
        return self.kind


def kind(mode: int) -> str | None:
    """What a file of `mode` is in words, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((word for test, word in KINDS if test(mode)), "not a regular file")


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """`path` opened for reading in binary; NotRegular if it is (or becomes, while being
    opened) anything but a regular file; OSError as `open()` raises it (missing, denied)."""
    found = kind(os.stat(path).st_mode)
    if found is not None:
        raise NotRegular(found)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        found = kind(os.fstat(fd).st_mode)
        if found is not None:
            raise NotRegular(found)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
