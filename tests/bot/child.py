"""`python -m bot ...` as a real child process with bounded time and memory: unusable input
must end in one line, and a version that reads for ever must fail its test, not the machine."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
MEMORY = 2 * 2**30  # the child's address space: reading for ever hits this, not the machine


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _limit_memory_without_stdin() -> None:
    _limit_memory()
    os.close(0)  # as a shell's `<&-`: the child starts with no descriptor 0 at all


def run_bot(
    args: list[str], *, closed_stdin: bool = False, cwd: Path = REPO_ROOT, **streams: Any
) -> subprocess.CompletedProcess[Any]:
    """Run `python -m bot *args` from this checkout (in `cwd`) to its end (at most two
    minutes: no hang); `streams` are subprocess.run's (`input`, `stdin`, `text`, `env`
    additions as `env`); `closed_stdin` starts it with standard input closed (`<&-`)."""
    extra = streams.pop("env", {})
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **extra},
        capture_output=True,
        preexec_fn=_limit_memory_without_stdin if closed_stdin else _limit_memory,
        timeout=120,
        **streams,
    )
