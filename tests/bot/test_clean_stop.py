"""SIGTERM (`docker stop`) and SIGINT (Ctrl-C) stop a real bot process cleanly (issue 32).

The process is tests/bot/stop_harness.py: the real bot served by `bot.stopping.serve`, as
`python -m bot run` serves it, with SimCord as Discord. The test signals it while a move is
being handled and checks what an operator and the players would see afterwards.
"""

from __future__ import annotations

import contextlib
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.bot.test_health import health

REPO_ROOT = Path(__file__).resolve().parents[2]
HARNESS = REPO_ROOT / "tests" / "bot" / "stop_harness.py"
STOP_LIMIT = 10.0  # seconds: Docker kills a container this long after `docker stop`
START_LIMIT = 180.0  # seconds to reach the move in flight, generous on a busy 2-core machine


def wait_for_line(process: subprocess.Popen[str], prefix: str) -> str:
    """The first line of the process's output starting with `prefix`."""
    assert process.stdout is not None
    deadline = time.monotonic() + START_LIMIT
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if line.startswith(prefix):
            return line.strip()
    process.kill()
    raise AssertionError(f"no {prefix!r} line; stderr: {process.communicate()[1][-2000:]}")


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
def test_a_stop_signal_ends_the_bot_cleanly_with_the_move_in_flight_saved(
    tmp_path: Path, stop_signal: signal.Signals
) -> None:
    database = tmp_path / "loveletter.db"
    process = subprocess.Popen(
        [sys.executable, str(HARNESS), str(database)],
        cwd=tmp_path,  # no developer's .env is read
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, game_id, version = wait_for_line(process, "in flight").rsplit(" ", 2)
    running = health(tmp_path, DATABASE_PATH=str(database))  # Docker's HEALTHCHECK
    assert running.returncode == 0, running.stderr  # the running bot beats, its file reads

    process.send_signal(stop_signal)
    sent = time.monotonic()
    try:
        out, err = process.communicate(timeout=STOP_LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError(f"still running {STOP_LIMIT:g} s after {stop_signal.name}") from None
    assert time.monotonic() - sent < STOP_LIMIT

    assert process.returncode == 0, err[-2000:]
    assert "Traceback" not in err
    # No new click taken: a click after the signal got a private "restarting" line.
    assert "refused: The bot is restarting: try again in a moment. ephemeral=True" in out
    assert "served" in out
    # The database was closed (the last connection leaves no WAL behind), the move in flight
    # was committed, and the file is whole.
    assert not Path(f"{database}-wal").exists()
    with contextlib.closing(sqlite3.connect(database)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        saved = conn.execute("SELECT version FROM games WHERE id = ?", (int(game_id),)).fetchone()
        moves = conn.execute("SELECT count(*) FROM moves WHERE game_id = ?", (int(game_id),))
        assert saved == (int(version) + 1,)
        assert moves.fetchone() == (int(version) + 1,)
    stopped = health(tmp_path, DATABASE_PATH=str(database))
    assert stopped.returncode == 1  # a stopped bot is not healthy
    assert "no heartbeat file" in stopped.stderr
