"""The process pool of `simulate` (both games): stopped by SIGTERM as by Ctrl-C.

Without this a `kill` or `docker stop` ended the parent alone; its workers then failed on the
broken pipe and printed a traceback each. Now the parent turns SIGTERM into the interrupt the
command line already answers (status 130, nothing printed), and leaving the pool's `with`
terminates the workers before they write again. The workers ignore Ctrl-C: it reaches the
whole process group, and the parent alone decides how the run ends.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def pooled(
    work: Callable[[Job], Result], jobs: Iterable[Job], processes: int, chunksize: int
) -> Iterator[Result]:
    """`work` over `jobs` in `processes` spawned workers, results in order."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    with (
        _sigterm_interrupts(),
        context.Pool(processes, initializer=_ignore_interrupts) as pool,
    ):
        yield from pool.imap(work, jobs, chunksize=chunksize)
