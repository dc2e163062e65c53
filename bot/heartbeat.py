"""The running bot's heartbeat: a small file holding the time of its last beat.

`python -m bot health` (Docker's HEALTHCHECK) reads it to tell a live bot from a stuck or
stopped one. It is a file, not a database row, because each container checks its own
process: with a shared PostgreSQL database a row would say that *some* bot is alive. The
beat comes from the bot's event loop, so a loop blocked for a minute shows as stale too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

log = logging.getLogger(__name__)

BEAT_EVERY = 15.0  # seconds between beats
FRESH_FOR = 60.0  # a beat older than this means the bot is stuck or gone


class NoHeartbeat(Exception):
    """There is no readable beat; `str(error)` says why in a few words."""


def write_beat(path: Path, now: float) -> None:
    """Write `now` (epoch seconds) atomically: a reader never sees half a number."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(f"{now:.3f}\n", encoding="ascii")
    os.replace(partial, path)


def read_beat(path: Path) -> float:
    """The time of the last beat (epoch seconds)."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise NoHeartbeat(f"no heartbeat file at {path}: the bot is not running") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise NoHeartbeat(f"cannot read the heartbeat file {path} ({exc})") from None
    try:
        return float(text)
    except ValueError:
        raise NoHeartbeat(f"the heartbeat file {path} does not hold a time") from None


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
        self.sleep = sleep  # the bot's `wait` (bot/client.py)
        self._task: asyncio.Task[None] | None = None
        self._warned = False

    def start(self) -> None:
        if self._task is None or self._task.done():
            self.beat()  # at once: a fresh start is healthy before the first interval ends
            self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        """No more beats, and no file: a stopped bot must not look alive."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)

    def beat(self) -> None:
        try:
            write_beat(self.path, self.clock())
        except OSError as exc:  # the bot plays on; the health check will say why
            if not self._warned:
                log.warning("cannot write the heartbeat file %s: %s", self.path, exc)
                self._warned = True

    async def _run(self) -> None:
        while True:
            await self.sleep(BEAT_EVERY)
            self.beat()
