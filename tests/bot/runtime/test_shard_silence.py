"""A shard whose gateway goes silent (no heartbeat ACK, no event, the connection still open) is
noticed, logged and reconnected, and `python -m bot health` fails while it is down: a real
`python -m bot run` against the stand-in gateway (tests/bot/stand_in_gateway.py), unsharded
and with two shards in one process. The silence limit is shortened to 4 s for the test (60 s in
production: Discord ACKs a heartbeat every ~41 s at the latest)."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.runtime.heartbeat import read_shards
from tests.bot.runtime.test_health import health
from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN
from tests.bot.stand_in_gateway import RUN_WITH_GATEWAY, stand_in_discord

REPO_ROOT = Path(__file__).resolve().parents[3]
SILENCE = 4.0
RUN_WITH_SHORT_SILENCE = (
    f"import bot.runtime.shard_watch as w; w.SILENCE_SECONDS = {SILENCE}; w.CHECK_EVERY = 0.5; "
    + RUN_WITH_GATEWAY
)
LIMIT = 120.0  # seconds for each state to show, on a busy 2-core machine
STOP_LIMIT = 10.0


def wait_for(what: str, done: Callable[[], bool], process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + LIMIT
    while not done():
        assert process.poll() is None, f"the bot ended while waiting for {what}"
        assert time.monotonic() < deadline, f"waited {LIMIT:g} s for {what} in vain"
        time.sleep(0.5)


def _down(beat: Path) -> list[int]:
    """The shards the running bot's heartbeat file reports down."""
    return [s.shard for s in read_shards(beat) if s.state == "down"]


@pytest.mark.parametrize("shard_count", [None, 2], ids=["unsharded", "two shards"])
def test_a_silent_gateway_is_noticed_and_health_fails_until_the_shard_is_back(
    tmp_path: Path, shard_count: int | None
) -> None:
    database = tmp_path / "bot.db"
    beat = tmp_path / "bot.db.heartbeat"
    shards = list(range(shard_count or 1))
    settings = {
        "DISCORD_TOKEN": FAKE_TOKEN,
        "DATABASE_PATH": str(database),
        "PICTURES": "off",
        "LOG_LEVEL": "INFO",
        **({"SHARD_COUNT": str(shard_count)} if shard_count else {}),
    }
    log = tmp_path / "bot.log"
    with stand_in_discord(max_concurrency=2) as (discord_env, gateway), log.open("w") as err:
        process = subprocess.Popen(
            [sys.executable, "-c", RUN_WITH_SHORT_SILENCE],
            cwd=tmp_path,
            env={"PYTHONPATH": str(REPO_ROOT), "PATH": "/usr/bin:/bin"} | discord_env | settings,
            stdout=subprocess.DEVNULL,
            stderr=err,
            text=True,
        )
        try:

            def check() -> subprocess.CompletedProcess[str]:
                return health(tmp_path, DATABASE_PATH=str(database))

            connected = len(shards)
            wait_for("IDENTIFYs", lambda: len(gateway.identifies) == connected, process)
            wait_for("a healthy bot", lambda: check().returncode == 0, process)

            gateway.silent(True)  # no ACK, no event, nothing to a new connection either
            wait_for("an unhealthy bot", lambda: check().returncode == 1, process)
            wait_for("every shard down", lambda: _down(beat) == shards, process)
            down = check()
            assert down.returncode == 1 and down.stdout == ""
            assert down.stderr.count("\n") == 1 and "Traceback" not in down.stderr
            for shard in shards:
                assert re.search(
                    rf"shard {shard}: down for \d+ s \(since \d\d:\d\d:\d\d UTC\): nothing from "
                    rf"Discord \(no heartbeat ACK, no event\) for {SILENCE:g} s; reconnecting",
                    down.stderr,
                ), down.stderr

            gateway.silent(False)  # the waiting connection gets its HELLO: the shard resumes
            wait_for("a healthy bot again", lambda: check().returncode == 0, process)
            assert _down(beat) == []
            assert len(gateway.resumes) >= len(shards)  # resumed, not identified anew
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(STOP_LIMIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                raise
    text = log.read_text()
    assert process.returncode == 0 and "Traceback" not in text, text[-3000:]
    for shard in shards:
        assert (
            f"shard {shard}: nothing from Discord (no heartbeat ACK, no event) for {SILENCE:g} s:"
            " reconnecting" in text
        )
        assert f"shard {shard} is connected to Discord again (down for " in text
    assert not beat.exists()  # a stopped bot leaves no heartbeat behind
