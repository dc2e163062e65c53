"""Table pictures drawn in a worker process, on the machine's other core.

Pillow holds the GIL for much of a drawing, so a picture drawn in a thread of the bot's own
process takes turns with the event loop and the database thread: every click and save waits
behind it (issue 34: with pictures on, the paced p99 was twice the one without). One worker
process draws instead; the bot's drawing thread sends it the picture (its picklable draw and
locale) down a pipe and reads the PNG back. A plain pipe, not a ProcessPoolExecutor: the
pool's feeder and manager threads cost the bot's process about 0.5-1 ms of CPU (and GIL) per
picture, the pipe about a tenth of that (measured with 60 real tables).

The worker is spawned (nothing of the bot's threads or sockets is inherited) and warmed first,
every game's faces and boards drawn once; it says when it is ready, and until then pictures
are drawn in the bot's process. There is one per bot process, shared by the bots of a test
run and started again on demand. A worker that dies (killed, out of memory) is replaced at
once: the picture it was drawing is lost (the caller logs it and sends the text without it).
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from bot.i18n import use_locale
from bot.runtime.gc_tuning import tune_for_service
from bot.ui import lru

log = logging.getLogger(__name__)
JOIN_SECONDS = 2.0  # a worker that does not end this long after being asked is killed
WARM_TOOL = "warm pictures"  # a game's registered tool that draws what its pictures paste


class WorkerDied(Exception):
    """The worker process ended while drawing a picture (that picture is lost)."""


def drawn(draw: Callable[[], bytes], locale: str) -> bytes:
    """The picture's PNG, its words in `locale` (in the worker, or in this process)."""
    with use_locale(locale):
        return draw()


def warm(*, tables: bool = True) -> None:
    """Draw once what every picture pastes (card faces, the board's background), at start-up
    and off the loop: else the first pictures after a start draw it on the way. Each game's
    `warm pictures` tool (`tables=False`: what hands paste, in the bot's process while a
    worker draws the tables), not its presentation: the worker imports no discord.py (255
    modules fewer). Never raises: warming only saves time."""
    from bot.platform.registry import tool, with_tool

    try:
        for game in with_tool(WARM_TOOL):
            tool(game, WARM_TOOL)(tables=tables)
    except Exception:  # noqa: BLE001 - the pictures draw what they need themselves
        log.exception("could not warm the pictures")


def _serve(conn: Connection, cache_bytes: int | None = None) -> None:
    """The worker: warm, say so, then draw what comes until told to stop (None) or the bot's
    end of the pipe closes. Ctrl-C reaches the whole process group: the bot stops cleanly and
    ends the worker, which must not die first of a KeyboardInterrupt. `cache_bytes`: the
    bot's PICTURE_CACHE_MB, bounding the worker's picture caches as the bot's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if cache_bytes is not None:
        lru.configure(cache_bytes)
    warm()
    tune_for_service()  # as the bot: what start-up made frozen out of the collector's walks
    conn.send((True, time.process_time()))
    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        if request is None:
            return
        try:
            answer: tuple[bool, Any] = (True, drawn(*request) if request else time.process_time())
        except Exception as error:  # noqa: BLE001 - handed back to be logged by the bot
            answer = (False, error)
        try:
            conn.send(answer)
        except Exception:  # noqa: BLE001 - an error that does not pickle: its words do
            conn.send((False, RuntimeError(repr(answer[1]))))


class _Worker:
    """One spawned worker and the bot's end of its pipe. Several threads may ask at once: their
    requests queue in the pipe, so the worker starts the next picture as soon as it has sent
    one back instead of waiting for the bot's thread to get the GIL and send it."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, theirs = context.Pipe()
        self.process: BaseProcess = context.Process(
            target=_serve, args=(theirs, lru.configured()), name="pictures", daemon=True
        )
        self.process.start()
        theirs.close()
        self.lock = threading.Lock()  # sending, and reading the first word
        self.turns = threading.Condition()  # answers come in the order the requests went
        self.sent = self.answered = 0
        self.warm = False
        self.dead = False  # its pipe broke: gone, even before the system reaps its process

    def ready(self, timeout: float = 0.0) -> bool:
        """Warmed and alive (it says so once, when warm); never waits for a drawing."""
        if not self.warm and self.lock.acquire(blocking=False):
            try:
                if not self.warm and self.conn.poll(timeout):
                    self._answer()
                    self.warm = True
            except (EOFError, OSError):
                self.dead = True  # it died warming
            finally:
                self.lock.release()
        return self.warm and not self.dead and self.process.is_alive()

    def ask(self, request: tuple[Any, ...]) -> Any:
        """Send a request (a picture, or () for the CPU time) and wait for its answer."""
        try:
            with self.lock:
                if not self.warm:  # its first word is that it is ready
                    self._answer()
                    self.warm = True
                self.conn.send(request)
                ticket, self.sent = self.sent, self.sent + 1
            with self.turns:
                self.turns.wait_for(lambda: self.answered == ticket)
            try:
                return self._answer()
            finally:
                with self.turns:
                    self.answered += 1
                    self.turns.notify_all()
        except (EOFError, OSError) as error:
            self.dead = True
            raise WorkerDied from error

    def _answer(self) -> Any:
        ok, value = self.conn.recv()
        if not ok:
            raise value
        return value

    def stop(self) -> None:
        """End it after the pictures asked for; one still warming is killed (it has drawn
        nothing of use), as is one that does not end in `JOIN_SECONDS`."""
        with self.lock:
            if self.warm:
                with contextlib.suppress(OSError):  # already gone
                    self.conn.send(None)
                self.process.join(JOIN_SECONDS)
            if self.process.is_alive():
                self.process.kill()
            self.process.join()
            self.conn.close()


class DrawingProcess:
    """The worker process drawing pictures, replaced when it dies."""

    def __init__(self) -> None:
        self._worker: _Worker | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start a worker (it warms in the background) unless one runs or is starting."""
        with self._lock:
            if self._worker is None:
                self._worker = _Worker()

    def ready(self) -> bool:
        """A worker has started, warmed and is alive."""
        worker = self._worker
        return worker is not None and worker.ready()

    def wait_ready(self) -> None:
        """Block until a worker has started and warmed (bench service, tests)."""
        self.start()
        worker = self._worker
        while worker is not None and worker.process.is_alive() and not worker.ready(0.1):
            pass

    def draw(self, draw: Callable[[], bytes], locale: str) -> bytes | None:
        """The PNG drawn by the worker (the calling thread waits, without the GIL); None when
        no worker is ready now (one is starting: draw it here meanwhile). Raises `WorkerDied`
        if the worker died drawing it."""
        worker = self._worker
        if worker is None or not worker.ready():
            self._replace_dead(worker)
            return None
        try:
            data: bytes = worker.ask((draw, locale))
        except WorkerDied:
            self._replace_dead(worker)
            raise
        return data

    def cpu_seconds(self) -> float:
        """The worker's CPU time so far (bench service adds it to the bot process's)."""
        worker = self._worker
        return float(worker.ask(())) if worker is not None else 0.0

    def pids(self) -> list[int]:
        """The worker's process id (empty before it starts): for tests that kill it."""
        worker = self._worker
        return [worker.process.pid] if worker is not None and worker.process.pid else []

    def shutdown(self) -> None:
        """Stop the worker after the picture it draws."""
        with self._lock:
            worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()

    def _replace_dead(self, worker: _Worker | None) -> None:
        """Start a new worker if `worker` is gone (none yet, its pipe broke, or its process
        ended); a live one that is still warming is left to warm. A broken pipe counts even if
        the process has not quite ended (a killed process closes its pipe before the system
        reaps it: is_alive() then said yes now and then, and no worker was started until the
        next picture)."""
        if worker is not None and not worker.dead and worker.process.is_alive():
            return
        with self._lock:
            if self._worker is not worker:
                return  # replaced meanwhile
            if worker is not None:
                log.warning("the picture worker died; starting a new one")
                worker.conn.close()
                worker.process.kill()  # whatever is left of it (nothing, once it has ended)
            self._worker = _Worker()
