"""Several real bot processes (tests/scale/bot_worker.py: the real bot under SimCord; and
`python -m bot run`, refused before it would log in): a second process on one SQLite file and
a second owner of a shard are refused in one line with exit status 2, changing nothing; a
dead process's lease runs out and a stopped one's is released, so another process takes over."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.runtime.config import load_settings
from bot.runtime.runner import check_database_setting

REPO_ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("bot_worker.py")
TIMEOUT = 120.0  # seconds a process may take to start (a busy 2-core machine)
LEASE = 10.0  # the workers' shard lease (renewed every LEASE / 4)


def environment(**settings: str) -> dict[str, str]:
    """The processes' environment. Their subject is who owns the database and the shards
    (the file lock, the leases), not the pictures: with PICTURES off no bot starts a picture
    worker process or warms every game's faces, half of what these processes cost."""
    return {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PICTURES": "off", **settings}


def start(env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args],
        env=env,
        cwd=REPO_ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ready(worker: subprocess.Popen[str]) -> subprocess.Popen[str]:
    assert worker.stdout is not None
    readable, _, _ = select.select([worker.stdout], [], [], TIMEOUT)
    line = worker.stdout.readline() if readable else "(no answer)"
    if line != "ready\n":
        worker.kill()
        raise AssertionError(f"worker not ready: {line!r} {worker.communicate()[1][-2000:]}")
    return worker


def stop(worker: subprocess.Popen[str]) -> None:
    """A clean stop: the worker closes the bot when its standard input closes."""
    assert worker.stdin is not None
    worker.stdin.close()
    assert worker.wait(TIMEOUT) == 0


def kill(worker: subprocess.Popen[str]) -> None:
    worker.send_signal(signal.SIGKILL)
    worker.wait(TIMEOUT)


def refused_line(process: subprocess.Popen[str] | list[str], env: dict[str, str]) -> str:
    """The one line a refused start printed (exit status 2, nothing on standard output)."""
    if isinstance(process, list):
        done = subprocess.run(
            [sys.executable, "-m", "bot", *process],
            env=env,
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        status, out, err = done.returncode, done.stdout, done.stderr
    else:
        out, err = process.communicate(timeout=TIMEOUT)
        status = process.returncode
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert (status, out) == (2, ""), err
    return err.rstrip("\n")


def files(folder: Path) -> dict[str, bytes]:
    """Every file's bytes; the running bot's heartbeat only as being there (it beats every
    15 s: on a busy machine the refused starts take longer than that)."""
    return {
        p.name: b"(a beat)" if p.name.endswith(".heartbeat") else p.read_bytes()
        for p in sorted(folder.iterdir())
    }


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    db = folder / "bot.db"
    env = environment(DATABASE_PATH=str(db))
    # The running bot beats every 15 real seconds (as long as the refused starts may take on
    # a busy machine): its heartbeat goes elsewhere, so the database's folder shows what the
    # refused processes did. Theirs would go beside the database (HEARTBEAT_PATH's default).
    first = ready(start({**env, "HEARTBEAT_PATH": str(tmp_path / "first" / "bot.heartbeat")}))
    try:
        before = files(folder)
        expected = (
            f"Cannot start: another bot process is already running on {db}; one SQLite file "
            "serves one process — stop that one, or set DATABASE_URL (PostgreSQL) to run "
            'several (README "Running at scale")'
        )
        assert refused_line(["run"], {**env, "DISCORD_TOKEN": "abc"}) == expected
        assert refused_line(start(env), env) == expected  # the bot's own setup_hook too
        assert files(folder) == before  # the refused processes touched nothing
        check = subprocess.run(
            [sys.executable, "-m", "bot", "db", "check", "--database", str(db)],
            env=env,
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert check.returncode == 0 and "status: OK" in check.stdout  # while the bot runs
        assert set(files(folder)) <= {"bot.db", "bot.db-wal", "bot.db-shm"}  # SQLite's own
        assert (tmp_path / "first" / "bot.heartbeat").is_file()  # the running bot's
    finally:
        kill(first)
    stop(ready(start(env)))  # the kernel dropped the dead process's lock


def test_a_second_owner_of_a_shard_is_refused_until_the_first_is_gone(pg_url: str) -> None:
    env = environment(DATABASE_URL=pg_url, SHARD_COUNT="3")
    lease = str(LEASE)
    first = ready(start({**env, "SHARD_IDS": "0,1"}, lease))
    started = time.monotonic()
    third = ready(start({**env, "SHARD_IDS": "2"}, lease))  # no shard in common: fine
    try:
        unsharded = refused_line(["run"], {**env, "SHARD_COUNT": "", "DISCORD_TOKEN": "abc"})
        assert "runs this bot with SHARD_COUNT=3, this one with 1;" in unsharded
        time.sleep(max(0.0, started + LEASE + 1 - time.monotonic()))  # only renewals hold it now
        overlap = refused_line(["run"], {**env, "SHARD_IDS": "1,2", "DISCORD_TOKEN": "abc"})
        assert overlap.startswith("Cannot start: shard 1 is already run by another live process")
        assert "fix SHARD_IDS" in overlap and "start again then" in overlap
        stop(third)  # a clean stop releases shard 2 at once: no wait for its lease
        stop(ready(start({**env, "SHARD_IDS": "2"}, lease)))
    finally:
        kill(first)
    time.sleep(LEASE + 1)  # the dead process's lease runs out
    stop(ready(start({**env, "SHARD_IDS": "0,1"}, lease)))


def test_the_start_check_leaves_no_lease_behind(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`bot run` checks its shards before logging in; a login that then fails (no network, a
    bad token) must not keep the shards from the next start for the length of a lease."""
    monkeypatch.setenv("DATABASE_URL", pg_url)
    check_database_setting(load_settings(env_file=None))  # as `bot run` does, then no login
    stop(ready(start(environment(DATABASE_URL=pg_url))))
