"""Table pictures drawn in a worker process, on the machine's other core.

Pillow holds the GIL for much of a drawing, so a picture drawn in a thread of the bot's own
process takes turns with the event loop and the database thread: every click and save waits
behind it (issue 34: with pictures on, the paced p99 was twice the one without). One worker
process draws instead, and the bot's process only pickles the read model and reads back the
PNG. The worker is started with the bot (`spawn`: nothing of the bot's threads or sockets is
inherited) and warmed in its initializer, every game's faces and backgrounds drawn once.

The pool is one per bot process, shared by the bots of a test run and started again on
demand. A worker that dies (killed, out of memory) breaks the pool: it is replaced at once.
The picture it was drawing is lost (the caller logs it and sends the text without it); one
sent to a pool that had already broken is drawn by the new one.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.i18n import use_locale

log = logging.getLogger(__name__)


def drawn(draw: Callable[[], bytes], locale: str) -> bytes:
    """The picture's PNG, its words in `locale` (in the worker, or in this process)."""
    with use_locale(locale):
        return draw()


def warm() -> None:
    """Draw once what every picture pastes: each game's `warm_pictures`. Never raises: a
    worker whose initializer fails breaks its pool, and warming only saves time."""
    from bot.games.registry import presenters

    try:
        for presenter in presenters().values():
            presenter.warm_pictures()
    except Exception:  # noqa: BLE001 - the pictures draw what they need themselves
        log.exception("could not warm the pictures")


def _start_worker() -> None:
    """The worker's initializer. Ctrl-C reaches the whole process group: the bot stops cleanly
    and ends the worker (`shutdown`), which must not die first of a KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    warm()


def _cpu_seconds() -> float:
    return time.process_time()


class DrawingProcess:
    """One worker process drawing pictures, replaced when it dies."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._ready: Future[float] | None = None  # done once the worker has warmed
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start a worker (warming in the background) unless one runs or is starting."""
        with self._lock:
            if self._pool is not None and not _failed(self._ready):
                return
            old, self._pool = (
                self._pool,
                ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                ),
            )
            self._ready = self._pool.submit(_cpu_seconds)
        if old is not None:
            old.shutdown(wait=False, cancel_futures=True)

    def ready(self) -> bool:
        """A worker has started and warmed (it may have died since: `draw` finds out)."""
        ready = self._ready
        return ready is not None and ready.done() and not _failed(ready)

    def wait_ready(self) -> None:
        """Block until the worker has started and warmed (bench service, tests)."""
        self.start()
        if self._ready is not None:
            self._ready.result()

    def draw(self, draw: Callable[[], bytes], locale: str) -> bytes | None:
        """The PNG drawn by the worker (blocking the calling thread, not the GIL); None when
        no worker is ready to draw it now (one is starting: draw it here meanwhile). Raises
        `BrokenProcessPool` if the worker died drawing it."""
        pool = self._pool
        if pool is None or not self.ready():
            self.start()
            return None
        try:
            future = pool.submit(drawn, draw, locale)
        except BrokenProcessPool:  # it died before this picture (maybe on the one before)
            self._replace(pool)
            return None
        try:
            return future.result()
        except BrokenProcessPool:
            self._replace(pool)
            raise

    def cpu_seconds(self) -> float:
        """The worker's CPU time so far (bench service adds it to the bot process's)."""
        pool = self._pool
        return pool.submit(_cpu_seconds).result() if pool is not None else 0.0

    def pids(self) -> list[int]:
        """The worker's process id (empty before it starts): for tests that kill it."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def shutdown(self) -> None:
        """Stop the worker after the picture it draws (waiting pictures are dropped)."""
        with self._lock:
            pool, self._pool, self._ready = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        log.warning("the picture worker died; starting a new one")
        with self._lock:
            if self._pool is broken:
                self._pool = self._ready = None
        broken.shutdown(wait=False, cancel_futures=True)
        self.start()


def _failed(future: Future[float] | None) -> bool:
    return future is not None and future.done() and future.exception() is not None
