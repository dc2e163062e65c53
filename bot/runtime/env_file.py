"""Reading `.env`, the settings file: only a regular file, every line understood.

pydantic-settings would open the path itself: a FIFO named `.env` then blocked the bot for
ever, and python-dotenv skips a line it cannot parse with a logged warning, so a token on a
line with a quote left open read as "No Discord token is set". Here the file is opened as a
regular file only (bot/runtime/regular_file.py), read once, and a line that is not `NAME=value` is
refused by its number; the values then reach the settings from what was read, never from a
second open of the path. A folder named `.env` (a virtual environment, often) is no settings
file and is passed over, as pydantic-settings did.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from bot.runtime.regular_file import NotRegular, open_regular

MAX_BYTES = 2**20
"""A settings file is a few lines; more than 1 MiB is not one."""
_NAME = re.compile(r"\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.?)")


class EnvFileError(ValueError):
    """The settings file cannot be used; `str()` is one line that never quotes a value."""


def read_env_file(path: str | Path) -> dict[str, str | None]:
    """The settings `path` holds (NAME -> value; None for a bare NAME); {} when there is no
    such file or it is a folder. EnvFileError when it cannot be used."""
    from dotenv import dotenv_values
    from dotenv.parser import parse_stream

    try:
        with open_regular(path) as f:
            raw = f.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return {}
    except NotRegular as error:
        if error.kind == "a folder":
            return {}
        raise EnvFileError(f"{path} is {error}, not a file of settings") from None
    except OSError as error:
        raise EnvFileError(f"cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_BYTES:
        raise EnvFileError(f"{path} holds more than 1 MiB; a settings file is a few lines")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise EnvFileError(
            f"{path} is not UTF-8 text (byte 0x{raw[error.start]:02x} at position "
            f"{error.start}); save it as UTF-8"
        ) from None
    for binding in parse_stream(io.StringIO(text)):
        if binding.error:  # its text may begin with the blank lines before it
            string = binding.original.string
            blank = string[: len(string) - len(string.lstrip())].count("\n")
            raise EnvFileError(_malformed(path, binding.original.line + blank, string.lstrip()))
    return dict(dotenv_values(stream=io.StringIO(text)))


def _malformed(path: str | Path, number: int, line: str) -> str:
    """Which line is wrong and how, naming its setting but never its value (a secret)."""
    found = _NAME.match(line)
    if found is None:
        return f"{path} line {number} is not NAME=value; fix or remove that line"
    name, first = found.groups()
    if first in ("'", '"'):
        return (
            f"{path} line {number} ({name}) opens a quote ({first}) that is not closed; close"
            " it or remove the quotes"
        )
    return f"{path} line {number} ({name}) is not NAME=value; fix or remove that line"
