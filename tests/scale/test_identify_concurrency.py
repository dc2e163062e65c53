"""Shard processes started together stay inside Discord's IDENTIFY limit: real `python -m bot
run` processes on one PostgreSQL database, each running some of the shards, connect to a
stand-in gateway (tests/bot/stand_in_gateway.py) that records when each IDENTIFY arrives. Per
rate-limit key (shard_id % max_concurrency) no two may arrive within 5 seconds."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN
from tests.bot.stand_in_gateway import RUN_WITH_GATEWAY, stand_in_discord

REPO_ROOT = Path(__file__).resolve().parents[2]
PROCESSES, SHARDS_EACH, MAX_CONCURRENCY = 3, 2, 2
START_LIMIT = 240.0  # seconds for every shard to identify, on a busy 2-core machine
STOP_LIMIT = 10.0  # Docker kills a container this long after `docker stop`


def start(folder: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    folder.mkdir()
    return subprocess.Popen(
        [sys.executable, "-c", RUN_WITH_GATEWAY],
        cwd=folder,  # no developer .env is read
        env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin", **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_shard_processes_started_together_identify_once_per_key_every_5_seconds(
    tmp_path: Path, pg_url: str
) -> None:
    count = PROCESSES * SHARDS_EACH
    with stand_in_discord(max_concurrency=MAX_CONCURRENCY) as (discord_env, gateway):
        processes = []
        try:
            for n in range(PROCESSES):
                shards = range(n * SHARDS_EACH, (n + 1) * SHARDS_EACH)
                settings = {
                    "DISCORD_TOKEN": FAKE_TOKEN,
                    "DATABASE_URL": pg_url,
                    "SHARD_COUNT": str(count),
                    "SHARD_IDS": ",".join(map(str, shards)),
                    "PICTURES": "off",  # no drawing process beside each bot
                    "LOG_LEVEL": "INFO",
                }
                processes.append(start(tmp_path / f"process{n}", discord_env | settings))
            deadline = time.monotonic() + START_LIMIT
            while len(gateway.identifies) < count:
                for process in processes:
                    assert process.poll() is None, process.communicate()[1][-3000:]
                assert time.monotonic() < deadline, f"only {gateway.identifies} identified"
                time.sleep(0.2)
            time.sleep(1.0)  # a shard identifying twice would show now
        finally:
            errors = [_stop(process) for process in processes]
    identified = sorted(shard for shard, _ in gateway.identifies)
    assert identified == list(range(count)), identified
    for key in range(MAX_CONCURRENCY):
        arrivals = sorted(t for shard, t in gateway.identifies if shard % MAX_CONCURRENCY == key)
        gaps = [round(b - a, 2) for a, b in zip(arrivals, arrivals[1:], strict=False)]
        assert all(gap >= 5.0 for gap in gaps), f"key {key}: IDENTIFYs {gaps} s apart"
    assert any("for its turn to IDENTIFY (rate-limit key" in err for err in errors), errors


def _stop(process: subprocess.Popen[str]) -> str:
    """SIGTERM, as `docker stop`: the process ends cleanly with status 0. Its log."""
    process.send_signal(signal.SIGTERM)
    try:
        _, err = process.communicate(timeout=STOP_LIMIT)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
        late = f"still running {STOP_LIMIT:g} s after SIGTERM: {err[-2000:]}"
        raise AssertionError(late) from None
    assert process.returncode == 0 and "Traceback" not in err, err[-3000:]
    return err
