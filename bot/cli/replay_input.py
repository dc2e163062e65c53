"""What `replay` accepts as input before any game sees it: a bounded number of bytes, and
JSON whose strings are all text.

A scenario is a few kilobytes; `replay /dev/zero` or an endless pipe on standard input would
otherwise be read until memory runs out. JSON may spell half of a UTF-16 pair ("\\ud800"),
which Python keeps as a lone surrogate: no character, so the JSON output could never be
written and the replay would end in a UnicodeEncodeError traceback after all its work.
"""

from __future__ import annotations

import re
from typing import BinaryIO

MAX_BYTES = 64 * 2**20
"""Input read at most (64 MiB): thousands of times any real scenario."""

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_SURROGATE = re.compile("[\ud800-\udfff]")


def read_bounded(stream: BinaryIO) -> bytes | None:
    """The whole of `stream` if it holds at most MAX_BYTES, else None (read no further)."""
    data = stream.read(MAX_BYTES + 1)
    return None if len(data) > MAX_BYTES else data


def lone_surrogate(text: str, data: object) -> str | None:
    """Where a string of the parsed `data` (from `text`) holds a lone surrogate, or None
    when every string is text."""
    if not _SURROGATE_ESCAPE.search(text):  # decoded UTF-8 itself never holds one
        return None
    pending = [data]
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.values())
            pending.extend(value.keys())
        elif isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, str):
            found = _SURROGATE.search(value)
            if found:
                near = value[max(0, found.start() - 20) : found.start() + 20]
                half = f"\\u{ord(found.group()):04x}"
                return f"the string {near!r} holds {half}, half of a UTF-16 pair, not a character"
    return None
