"""Storage errors: every refusal is a StorageError subclass with a message a person can act on."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

_LINE_BREAK = re.compile(r"\s*(?:\r\n|[\r\n])\s*")
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})  # controls, format, lone surrogates


def one_line(text: str) -> str:
    """``text`` as one printable line, for a message quoting what SQLite or a file holds: line
    breaks become "; " (SQLite's check lists a problem a line) and control characters are
    written as escapes (``\\x1b``), so a damaged page's raw bytes can neither ring, recolour
    nor rewrite the operator's terminal, nor split a log line."""
    joined = "; ".join(part for part in _LINE_BREAK.split(text) if part.strip())
    return "".join(
        ch.encode("unicode_escape").decode("ascii")
        if ch != " " and unicodedata.category(ch) in _UNPRINTABLE
        else ch
        for ch in joined.replace("\t", " ")
    )


class StorageError(Exception):
    """Base class for everything storage/ raises on purpose. Its message is one printable
    line whatever it quotes (``one_line``): the CLI prints it as it is."""

    def __init__(self, *args: object) -> None:
        super().__init__(*(one_line(a) if isinstance(a, str) else a for a in args))


class Refused(StorageError):
    """Nothing was done: an argument, a setting or the database must change first (README
    "Exit statuses": status 2). A plain StorageError is a failure while working (status 1)."""


def folder_reason(path: Path, exc: BaseException) -> str:
    """Why the folder for `path` could not be made or written, in words: a file in the way
    ("x.db is a file, not a directory") rather than "[Errno 17] File exists"."""
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        return f"{parent} is a file, not a directory"
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)


class DatabaseUnreadable(Refused):
    """The file cannot be opened as an SQLite database (corrupt, not SQLite, a directory ...).

    The file is left exactly as it was.
    """


class DatabaseDamaged(DatabaseUnreadable):
    """The file fails SQLite's integrity check; refused before anything writes to it."""


class BadArgument(Refused):
    """What the operator named cannot be used as given (a missing folder, a name too long, an
    unusable source file); nothing was done. The CLI reports it with exit status 2."""


class ForeignDatabase(Refused):
    """A valid SQLite file that holds tables but was not created by this bot."""


class SchemaTooNew(Refused):
    """The database was written by a newer version of the bot; we refuse to touch it."""

    def __init__(self, path: str, found: int, supported: int) -> None:
        super().__init__(
            f"database {path} has schema version {found}, but this bot only knows versions up to "
            f"{supported}; upgrade the bot (or restore a backup) instead of opening it here"
        )
        self.found = found
        self.supported = supported


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class WrongStatus(StorageError):
    """The game is not in a status that allows the operation (e.g. joining a running game)."""

    def __init__(self, game_id: int, status: str, wanted: tuple[str, ...]) -> None:
        super().__init__(f"game {game_id} is {status}, expected {' or '.join(wanted)}")
        self.game_id = game_id
        self.status = status


class StaleVersion(StorageError):
    """A save was based on an older state version than the stored one; nothing was changed."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"game {game_id}: save based on version {expected}, but the stored version is {actual}"
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class ChannelBusy(StorageError):
    """The channel already has a lobby or running game."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has a lobby or running game")
        self.channel_id = channel_id


class AlreadySeated(StorageError):
    def __init__(self, game_id: int, who: str) -> None:
        super().__init__(f"{who} already has a seat in game {game_id}")


class NotSeated(StorageError):
    def __init__(self, game_id: int, player_id: str) -> None:
        super().__init__(f"{player_id} has no seat in game {game_id}")


class LobbyFull(StorageError):
    def __init__(self, game_id: int, max_seats: int) -> None:
        super().__init__(f"game {game_id} already has {max_seats} seats")
