"""A clean stop takes the picture worker process with it (PICTURE_WORKERS=process).

Ctrl-C in a terminal signals the whole process group, the bot and its worker alike: the bot
stops cleanly (the move in flight saved, status 0, no traceback from either process) and the
worker is gone once the bot has ended. The process is tests/bot/stop_harness.py, as in
tests/bot/runtime/test_clean_stop.py.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from tests.bot.runtime.test_clean_stop import (
    HARNESS,
    REPO_ROOT,
    STOP_LIMIT,
    assert_closed_cleanly,
    wait_for_line,
)


def alive(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_ctrl_c_stops_the_bot_and_its_picture_worker_cleanly(tmp_path: Path) -> None:
    database = tmp_path / "loveletter.db"
    process = subprocess.Popen(
        [sys.executable, str(HARNESS), str(database)],
        cwd=tmp_path,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    (worker,) = map(int, wait_for_line(process, "picture worker").split()[2:])
    before = int(wait_for_line(process, "in flight").rsplit(" ", 1)[1])
    assert alive(worker)
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the bot and its worker both get it
    try:
        out, err = process.communicate(timeout=STOP_LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError(f"still running {STOP_LIMIT:g} s after Ctrl-C") from None
    assert process.returncode == 0, err[-2000:]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "served" in out
    assert not alive(worker)
    assert assert_closed_cleanly(database) == (before + 1, before + 1)  # the move was saved
