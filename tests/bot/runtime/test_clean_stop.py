"""SIGTERM (`docker stop`) and SIGINT (Ctrl-C) stop a real bot process cleanly (issue 32).

The process is tests/bot/stop_harness.py: the real bot served by `bot.runtime.stopping.serve`, as
`python -m bot run` serves it, with SimCord as Discord. The test signals it while a move is
being handled and checks what an operator and the players would see afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import asyncpg
import pytest

from tests.bot.runtime.test_health import health
from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN, RUN_AGAINST
from tests.bot.stand_in_api import JsonAnswers, stand_in_api

REPO_ROOT = Path(__file__).resolve().parents[3]
HARNESS = REPO_ROOT / "tests" / "bot" / "stop_harness.py"
# `python -m bot run` with Discord's API at API_BASE and its gateway at GATEWAY (stand-ins).
RUN_WITH_GATEWAY = (
    "import os, yarl, discord.gateway; "
    "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ['GATEWAY']); "
    + RUN_AGAINST
)
STOP_LIMIT = 10.0  # seconds: Docker kills a container this long after `docker stop`
# The subject here is the stop of a move in flight and of a bot waiting for Discord, not the
# pictures: these bots draw none, so no picture worker process starts and none warms every
# game's faces (half of these tests' CPU). The worker's own clean stop is the subject of
# tests/bot/runtime/test_clean_stop_pictures.py, which starts the harness with pictures on.
NO_PICTURES = {"PICTURES": "off"}
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


def start(tmp_path: Path, command: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """A bot process in `tmp_path` (so no developer's .env is read), with only `env` set."""
    return subprocess.Popen(
        command,
        cwd=tmp_path,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def stop(process: subprocess.Popen[str], stop_signal: signal.Signals) -> tuple[str, str]:
    """Signal the process; it must end with status 0 within `STOP_LIMIT`, no traceback.
    Returns its output and error output."""
    process.send_signal(stop_signal)
    try:
        out, err = process.communicate(timeout=STOP_LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError(f"still running {STOP_LIMIT:g} s after {stop_signal.name}") from None
    assert process.returncode == 0, err[-2000:]
    assert "Traceback" not in err
    return out, err


def assert_closed_cleanly(database: Path) -> tuple[int, int]:
    """The database was closed (the last connection leaves no WAL behind) and is whole, and
    the stopped bot is not healthy. Returns the (version, moves logged) of game 1."""
    assert not Path(f"{database}-wal").exists()
    with contextlib.closing(sqlite3.connect(database)) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        (version,) = conn.execute("SELECT version FROM games WHERE id = 1").fetchone()
        (moves,) = conn.execute("SELECT count(*) FROM moves WHERE game_id = 1").fetchone()
    stopped = health(database.parent, DATABASE_PATH=str(database))
    assert stopped.returncode == 1
    assert "no heartbeat file" in stopped.stderr
    return version, moves


def start_harness(
    tmp_path: Path, *options: str, url: str | None = None
) -> tuple[subprocess.Popen[str], Path, int]:
    """The harness with a move in flight, on the SQLite file or at PostgreSQL `url`:
    (process, the SQLite file, the game's version before)."""
    database = tmp_path / "loveletter.db"
    command = [sys.executable, str(HARNESS), url or str(database), *options]
    process = start(tmp_path, command, NO_PICTURES)
    _, game_id, version = wait_for_line(process, "in flight").rsplit(" ", 2)
    assert game_id == "1"
    where = {"DATABASE_URL": url} if url else {"DATABASE_PATH": str(database)}
    running = health(tmp_path, **where)  # Docker's HEALTHCHECK
    assert running.returncode == 0, running.stderr  # the running bot beats, its file reads
    return process, database, int(version)


REFUSED = "refused: The bot is restarting: try again in a moment. ephemeral=True"


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
def test_a_stop_signal_ends_the_bot_cleanly_with_the_move_in_flight_saved(
    tmp_path: Path, stop_signal: signal.Signals
) -> None:
    process, database, before = start_harness(tmp_path)
    out, _ = stop(process, stop_signal)
    assert REFUSED in out  # no new click taken: it got a private "restarting" line
    assert "served" in out
    assert assert_closed_cleanly(database) == (before + 1, before + 1)  # the move was saved


def test_a_move_stuck_for_good_does_not_hold_up_the_stop(tmp_path: Path) -> None:
    """Clicks in flight get `DRAIN_SECONDS`; one that never finishes is given up on (its move
    is not saved, the game stays whole at the move before) and the bot still stops in time."""
    process, database, before = start_harness(tmp_path, "--stuck")
    out, err = stop(process, signal.SIGTERM)
    assert REFUSED in out
    assert "stopping with 1 clicks still unfinished" in err
    assert assert_closed_cleanly(database) == (before, before)


def test_a_click_that_outlives_the_stop_fails_in_one_line(tmp_path: Path) -> None:
    """A click still running once the bot has closed (its save slower than the drain) finds
    its storage closed: a one-line warning, no traceback, status 0, and the game whole at the
    move before (the move was never acknowledged)."""
    process, database, before = start_harness(tmp_path, "--late")
    _, err = stop(process, signal.SIGTERM)
    assert "stopping with 1 clicks still unfinished" in err
    assert "unexpected error in game 1: the bot is stopping" in err
    assert assert_closed_cleanly(database) == (before, before)


def test_on_postgresql_the_move_in_flight_is_saved_and_no_connection_is_left(
    tmp_path: Path, pg_url: str
) -> None:
    process, _, before = start_harness(tmp_path, url=pg_url)
    out, _ = stop(process, signal.SIGTERM)
    assert REFUSED in out

    async def look() -> tuple[int, int, int]:
        conn = await asyncpg.connect(pg_url)
        try:
            version = await conn.fetchval("SELECT version FROM games WHERE id = 1")
            moves = await conn.fetchval("SELECT count(*) FROM moves WHERE game_id = 1")
            others = await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        finally:
            await conn.close()
        return version, moves, others

    assert asyncio.run(look()) == (before + 1, before + 1, 0)  # saved; the bot's pool closed
    stopped = health(tmp_path, DATABASE_URL=pg_url)
    assert stopped.returncode == 1 and "no heartbeat file" in stopped.stderr


class _LogsInOnly(JsonAnswers):
    """A stand-in for Discord's API that accepts the login and the command sync, and sends the
    gateway to a port that never answers: the bot is up (storage open, beating) and waits for
    the gateway, as when Discord is slow. With `stall` set, the login's second request gets no
    answer until `stall` is cleared: the bot is still logging in."""

    gateway = ""
    stall = threading.Event()
    stalled = threading.Event()  # the stalled request has arrived
    answers: ClassVar[dict[str, object]] = {
        "/users/@me": {"id": "1", "username": "bot", "discriminator": "0", "avatar": None},
        "/oauth2/applications/@me": {
            "id": "1",
            "name": "bot",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0",
            "owner": {"id": "2", "username": "owner", "discriminator": "0", "avatar": None},
        },
        "/applications/1/commands": [],
    }

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        path = self.path.split("/api/v10", 1)[1].split("?", 1)[0]
        if path == "/gateway/bot":
            limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            self.answer({"url": self.gateway, "shards": 1, "session_start_limit": limit})
        elif path == "/oauth2/applications/@me" and self.stall.is_set():
            self.stalled.set()
            while self.stall.is_set():
                time.sleep(0.1)
        else:
            self.answer(self.answers.get(path, {}))

    do_PUT = do_GET  # noqa: N815 - the command sync


@pytest.fixture
def discord_api() -> Iterator[dict[str, str]]:
    """API_BASE and GATEWAY for RUN_WITH_GATEWAY: the stand-in API, a silent gateway."""
    with socket.create_server(("127.0.0.1", 0)) as silent:  # listens, never answers
        gateway = f"ws://127.0.0.1:{silent.getsockname()[1]}/"
        _LogsInOnly.gateway = gateway
        with stand_in_api(_LogsInOnly) as base:
            yield {"API_BASE": base, "GATEWAY": gateway}
            _LogsInOnly.stall.clear()


@pytest.mark.parametrize("waiting_for", ["gateway", "login"])
def test_python_m_bot_run_stops_cleanly_on_sigterm_while_discord_is_slow(
    tmp_path: Path, discord_api: dict[str, str], waiting_for: str
) -> None:
    """The real `python -m bot run`, logged in but still waiting for the gateway, or still
    logging in: `docker stop` ends it with status 0 within 10 s and the database closed."""
    if waiting_for == "login":
        _LogsInOnly.stalled.clear()
        _LogsInOnly.stall.set()
    database = tmp_path / "loveletter.db"
    beat = tmp_path / "loveletter.db.heartbeat"  # HEARTBEAT_PATH's default
    settings = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(database), "LOG_LEVEL": "INFO"}
    env = discord_api | settings | NO_PICTURES
    process = start(tmp_path, [sys.executable, "-c", RUN_WITH_GATEWAY], env)
    deadline = time.monotonic() + START_LIMIT
    while not (
        _LogsInOnly.stalled.is_set()
        if waiting_for == "login"
        # up and beating; `health` (a child process) asked once there is a beat to read
        else beat.exists() and health(tmp_path, DATABASE_PATH=str(database)).returncode == 0
    ):
        assert process.poll() is None, process.communicate()[1][-2000:]
        assert time.monotonic() < deadline, f"the bot never got to wait for the {waiting_for}"
        time.sleep(0.2)
    _, err = stop(process, signal.SIGTERM)
    assert "stopped cleanly" in err
    assert not Path(f"{database}-wal").exists()
    assert not beat.exists()
