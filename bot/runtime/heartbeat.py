"""The running bot's heartbeat: a small file holding the time of its last beat.

`python -m bot health` (Docker's HEALTHCHECK) reads it to tell a live bot from a stuck or
stopped one. It is a file, not a database row, because each container checks its own
process: with a shared PostgreSQL database a row would say that *some* bot is alive. The
beat comes from the bot's event loop, so a loop blocked for a minute shows as stale too.

Its first line is the time; a line per shard follows, `shard <id> <state> <since> [why]`
(bot/runtime/shard_watch.py), rewritten at once when a shard's state changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import stat
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

BEAT_EVERY = 15.0  # seconds between beats
FRESH_FOR = 60.0  # a beat older than this means the bot is stuck or gone
MAX_BEAT_BYTES = 64 * 1024  # a time and a line per shard: a bigger file is something else
AHEAD_AT_MOST = 5.0  # seconds a beat may lie ahead of the reader (a clock set back a little)
LAST_TIME = 253402300800.0  # 10000-01-01: no later time can be written as a date


class NoHeartbeat(Exception):
    """There is no readable beat; `str(error)` says why in a few words."""


def write_beat(path: Path, now: float, lines: Iterable[str] = ()) -> None:
    """Write `now` (epoch seconds) and `lines` atomically: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text("".join(f"{line}\n" for line in (f"{now:.3f}", *lines)), encoding="ascii")
    os.replace(partial, path)


def read_beat(path: Path) -> float:
    """The time of the last beat (epoch seconds): a finite number, read from a regular file
    (a FIFO would block the read; a big file is no beat)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise NoHeartbeat(f"{path} is not a regular file, so not a heartbeat file")
        with path.open("rb") as file:
            data = file.read(MAX_BEAT_BYTES + 1)
    except FileNotFoundError:
        raise NoHeartbeat(f"no heartbeat file at {path}: the bot is not running") from None
    except OSError as exc:
        raise NoHeartbeat(f"cannot read the heartbeat file {path} ({exc.strerror})") from None
    beat = _beat_in(data)
    if beat is None:
        raise NoHeartbeat(f"the heartbeat file {path} does not hold a time")
    return beat


def _beat_in(data: bytes) -> float | None:
    """The time `write_beat` wrote into `data`, or None if `data` is not such a beat."""
    if len(data) > MAX_BEAT_BYTES:
        return None
    try:
        first, *rest = data.decode("ascii").strip().split("\n")
        beat = float(first)
    except (UnicodeDecodeError, ValueError):
        return None
    if not math.isfinite(beat) or any(not line.startswith("shard ") for line in rest):
        return None
    return beat


class UnusableHeartbeat(Exception):
    """HEARTBEAT_PATH names a file the bot must not replace; `str(error)` says why."""


def refuse_unusable(path: Path, database: Path | None) -> None:
    """Raise UnusableHeartbeat if the bot must not beat at `path`: each beat replaces the file
    (through `<path>.partial`) and the stop deletes it, so neither may be the SQLite
    `database` or a file SQLite keeps beside it (also through a link or ``..``), nor an
    existing file holding anything but a beat (a beat left by a killed bot, or an empty
    file, is no loss)."""
    from storage.paths import UnusablePath, database_files, real, refuse_unusable_path

    taken = database_files(database) if database is not None else {}
    for name in (path, path.with_name(path.name + ".partial")):
        try:
            refuse_unusable_path(name, "a heartbeat file")
        except UnusablePath as error:
            raise UnusableHeartbeat(str(error)) from None
        what = taken.get(real(name))
        if what is not None:
            raise UnusableHeartbeat(
                f"{_as(path, name)} is {what}; the bot replaces its heartbeat file every "
                f"{BEAT_EVERY:.0f} s and deletes it when it stops: name a file of its own"
            )
        why = _not_a_beat(name)
        if why is not None:
            raise UnusableHeartbeat(
                f"{_as(path, name)} {why}, not a heartbeat; the bot replaces its heartbeat file "
                f"every {BEAT_EVERY:.0f} s and deletes it when it stops: name a new file, or "
                "move that one away"
            )


def _as(path: Path, name: Path) -> str:
    """How a message names `name`: the heartbeat file, or the temporary file beside it."""
    if name == path:
        return str(path)
    return f"{name} (where each beat is written before it replaces {path.name})"


def _not_a_beat(path: Path) -> str | None:
    """What is at `path` if it is something but an empty file or a beat."""
    try:
        info = os.lstat(path)
    except OSError:  # nothing there, or no way there: nothing to lose (the beat will warn)
        return None
    if stat.S_ISLNK(info.st_mode):
        return "is a symbolic link"
    if stat.S_ISDIR(info.st_mode):
        return "is a folder"
    if info.st_size == 0:
        return None
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BEAT_BYTES + 1)
    except OSError as exc:
        return f"cannot be read ({exc.strerror})"
    return None if _beat_in(data) is not None else "already exists and holds other data"


@dataclass(frozen=True, slots=True)
class ShardLine:
    shard: int
    state: str  # "starting", "up" or "down" (bot/runtime/shard_watch.py)
    since: float  # epoch seconds
    why: str


def read_shards(path: Path) -> list[ShardLine]:
    """The shard lines of the heartbeat file (none from a bot before them, or no file)."""
    try:
        text = path.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return []
    shards = []
    for line in text.splitlines()[1:]:
        parts = line.split(" ", 4)
        if len(parts) >= 4 and parts[0] == "shard" and parts[1].isdigit():
            try:
                since = float(parts[3])
            except ValueError:
                continue
            if not 0 <= since < LAST_TIME:  # nan, inf, or beyond any clock: not a time
                continue
            why = parts[4] if len(parts) == 5 else ""
            shards.append(ShardLine(int(parts[1]), parts[2], since, why))
    return shards


class Heartbeat:
    """Beats every `BEAT_EVERY` seconds while started; the file goes when it stops."""

    def __init__(
        self,
        path: Path,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.path = path
        self.clock = clock
        self.lines: Callable[[], Iterable[str]] = tuple  # what follows the time (the shards)
        self.sleep = sleep  # the bot's `wait` (bot/runtime/client.py)
        self._task: asyncio.Task[None] | None = None
        self._warned = False
        self._wrote = False  # only a file this heartbeat wrote is deleted at the stop

    def start(self) -> None:
        if self._task is None or self._task.done():
            self.beat()  # at once: a fresh start is healthy before the first interval ends
            self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        """No more beats, and no file: a stopped bot must not look alive. Only a beat this
        heartbeat wrote is deleted: a bot stopped before its first beat (a failed login)
        leaves whatever is at the path."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self._wrote:
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)
            self._wrote = False

    def refresh(self) -> None:
        """Beat now if started (a shard's state changed); never after a stop."""
        if self._task is not None and not self._task.done():
            self.beat()

    def beat(self) -> None:
        try:
            write_beat(self.path, self.clock(), self.lines())
            self._wrote = True
        except OSError as exc:  # the bot plays on; the health check will say why
            if not self._warned:
                log.warning("cannot write the heartbeat file %s: %s", self.path, exc)
                self._warned = True

    async def _run(self) -> None:
        while True:
            await self.sleep(BEAT_EVERY)
            self.beat()
