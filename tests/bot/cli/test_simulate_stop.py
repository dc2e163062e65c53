"""`simulate --jobs 2` stopped by SIGTERM (`kill`, `docker stop`) ends like Ctrl-C: status 130,
no traceback from the parent or its workers, and no worker left running. Before, the parent
died alone and each worker printed a BrokenPipeError traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc: no pgrep needed)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize(
    "game", [["--seats", "novice,novice"], ["--game", "adventure", "--seats", "novice,novice"]]
)
def test_sigterm_stops_the_run_and_its_workers_without_a_traceback(game: list[str]) -> None:
    argv = [sys.executable, "-m", "bot", "simulate", *game, "--games", "100000", "--jobs", "2"]
    process = subprocess.Popen(
        argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline:  # the pool is up and playing
        workers = [p for p in _children(process.pid) if p not in workers] or workers
        time.sleep(0.2)
    time.sleep(1.0)
    workers = _children(process.pid)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err[-2000:]
    assert "Traceback" not in err, err[-2000:]
    for _tick in range(50):
        if not any(_alive(p) for p in workers):
            break
        time.sleep(0.1)
    assert not [p for p in workers if _alive(p)], "a worker outlived its run"
