"""`python -m bot health` (Docker's HEALTHCHECK) as a real process on real files (issue 32)."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.runtime.heartbeat import write_beat
from storage import open_storage

REPO_ROOT = Path(__file__).resolve().parents[3]


def health(cwd: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """Run `python -m bot health` with only these settings (in `cwd`: no developer .env)."""
    env = {"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", **settings}
    return subprocess.run(
        [sys.executable, "-m", "bot", "health"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def bot_database(path: Path, url: str | None = None) -> None:
    """A database as the bot leaves it: created and migrated by the bot's own storage."""

    async def create() -> None:
        await (await open_storage(url, path)).close()

    asyncio.run(create())


@pytest.fixture
def database(tmp_path: Path) -> Path:
    path = tmp_path / "loveletter.db"
    bot_database(path)
    return path


def test_a_readable_database_and_a_fresh_heartbeat_are_healthy(
    tmp_path: Path, database: Path
) -> None:
    beat = tmp_path / "run" / "bot.heartbeat"
    written = time.time() - 20
    write_beat(beat, written)
    result = health(tmp_path, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    since = time.time() - written  # 20 s and however long the process took (a busy machine)
    assert result.returncode == 0, result.stderr
    line = re.fullmatch(
        rf"healthy: database {database} readable, heartbeat (\d+) s old\n", result.stdout
    )
    assert line is not None, result.stdout
    assert 20 <= int(line.group(1)) <= since + 0.5  # (printed rounded)
    assert result.stderr == ""


def test_the_heartbeat_is_beside_the_database_by_default(tmp_path: Path, database: Path) -> None:
    write_beat(tmp_path / "loveletter.db.heartbeat", time.time())
    result = health(tmp_path, DATABASE_PATH=str(database))
    assert result.returncode == 0, result.stderr


def test_a_heartbeat_over_a_minute_old_is_unhealthy(tmp_path: Path, database: Path) -> None:
    beat = tmp_path / "bot.heartbeat"
    written = time.time() - 125
    write_beat(beat, written)
    result = health(tmp_path, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    since = time.time() - written
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "heartbeat: the last beat in" in result.stderr
    age = re.search(
        r"was (\d+) s ago \(over 60 s\): the bot is stuck or has stopped", result.stderr
    )
    assert age is not None, result.stderr
    assert 125 <= int(age.group(1)) <= since + 0.5
    assert "database" not in result.stderr.split("heartbeat:")[0]  # the database is fine


def test_no_heartbeat_is_unhealthy(tmp_path: Path, database: Path) -> None:
    beat = tmp_path / "bot.heartbeat"
    result = health(tmp_path, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    assert result.returncode == 1
    assert result.stderr == (
        f"unhealthy: heartbeat: no heartbeat file at {beat}: the bot is not running\n"
    )
    assert not beat.exists()


def test_an_unreadable_database_is_unhealthy(tmp_path: Path) -> None:
    database = tmp_path / "loveletter.db"
    database.write_bytes(b"this is not an SQLite database, just bytes " * 200)
    before = database.read_bytes()
    beat = tmp_path / "bot.heartbeat"
    write_beat(beat, time.time())
    result = health(tmp_path, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    assert result.returncode == 1
    assert result.stderr.startswith(f"unhealthy: database: cannot read {database}")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert database.read_bytes() == before  # left exactly as it was


def test_a_missing_database_is_unhealthy_and_not_created(tmp_path: Path) -> None:
    database = tmp_path / "data" / "loveletter.db"
    beat = tmp_path / "bot.heartbeat"
    write_beat(beat, time.time())
    result = health(tmp_path, DATABASE_PATH=str(database), HEARTBEAT_PATH=str(beat))
    assert result.returncode == 1
    assert result.stderr == f"unhealthy: database: {database} does not exist or is not a file\n"
    assert not database.parent.exists()


def test_postgres_is_probed_when_database_url_is_set(tmp_path: Path, pg_url: str) -> None:
    beat = tmp_path / "bot.heartbeat"
    write_beat(beat, time.time())
    empty = health(tmp_path, DATABASE_URL=pg_url, HEARTBEAT_PATH=str(beat))
    assert empty.returncode == 1  # nothing set up, and health does not set it up either
    assert "has no games table" in empty.stderr
    bot_database(tmp_path / "unused.db", pg_url)
    result = health(tmp_path, DATABASE_URL=pg_url, HEARTBEAT_PATH=str(beat))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("healthy: database postgresql://")


def test_health_takes_no_arguments(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bot", "health", "now"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "unrecognized arguments: now" in result.stderr


def test_the_docker_healthcheck_runs_this_check(tmp_path: Path, database: Path) -> None:
    """The image's HEALTHCHECK is `python -m bot health`, with a timeout, and hadolint-clean."""
    dockerfile = (REPO_ROOT / "Dockerfile").read_text(encoding="utf-8")
    found = re.search(r"^HEALTHCHECK ([^[]*)CMD (\[[^\]]*\])", dockerfile, re.M)
    assert found is not None, "the Dockerfile has no HEALTHCHECK"
    assert "--timeout=10s" in found.group(1)
    command = json.loads(found.group(2))
    assert command == ["python", "-m", "bot", "health"]
    write_beat(tmp_path / "loveletter.db.heartbeat", time.time())
    run = [sys.executable, *command[1:]]
    env = {"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", "DATABASE_PATH": str(database)}
    healthy = subprocess.run(run, cwd=tmp_path, env=env, capture_output=True, timeout=60)
    assert healthy.returncode == 0
    lint = subprocess.run(
        [str(Path(sys.executable).with_name("hadolint")), "Dockerfile"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert lint.returncode == 0, lint.stdout
