"""Where the live table runs (issue 43, part 2): `python -m bot web` as its own process on
PostgreSQL (bad settings one line, status 2; SIGTERM a clean stop), and inside the bot's
process on SQLite, where a commit made as a Discord click makes reaches the page's socket."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.runtime.config import ConfigError, Settings
from bot.service import GameService
from bot.web.auth import Sessions, Visitor
from bot.web.serve import Served, live_in_bot
from storage import Storage
from tests.bot.child import REPO_ROOT
from tests.bot.web.harness import ANN, BOB, CHANNEL, free_port

SECRET = "s" * 40
ACTIVITY = {
    "ACTIVITY": "on",
    "DISCORD_CLIENT_ID": "555000111",
    "DISCORD_CLIENT_SECRET": "client-secret",
    "PUBLIC_URL": "https://table.example.org",
    "WEB_SESSION_SECRET": SECRET,
    "WEB_HOST": "127.0.0.1",
    "DISCORD_TOKEN": "bot-token",
    "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",  # never asked in these tests
}


@pytest.mark.parametrize(
    ("leave_out", "said"),
    [
        ("ACTIVITY", "The live table is off: set ACTIVITY=on"),
        ("DATABASE_URL", "shares the games through PostgreSQL: set DATABASE_URL"),
        ("DISCORD_TOKEN", "No Discord token is set"),
        ("PUBLIC_URL", "ACTIVITY=on needs PUBLIC_URL"),
    ],
)
def test_web_with_a_setting_missing_is_one_line_and_status_2(
    tmp_path: Path, leave_out: str, said: str
) -> None:
    env = {**ACTIVITY, "DATABASE_URL": "postgresql://u:p@127.0.0.1:9/db"}
    env.pop(leave_out)
    # the child inherits no value of the left-out setting from this process
    clean = {k: v for k, v in os.environ.items() if k != leave_out}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(REPO_ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0], lines


def test_web_serves_beside_the_shards_and_stops_cleanly_on_sigterm(
    pg_url: str, tmp_path: Path
) -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), **ACTIVITY}
    env.update(DATABASE_URL=pg_url, WEB_PORT=str(port), LOG_LEVEL="WARNING")
    child = subprocess.Popen(
        [sys.executable, "-m", "bot", "web"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert f"serving on 127.0.0.1:{port}" in line, (line, child.stderr and child.stderr.read())

        async def ask() -> dict[str, str]:
            url = f"http://127.0.0.1:{port}/session"
            async with aiohttp.ClientSession() as http, http.get(url) as response:
                data: dict[str, str] = await response.json()
                return data

        assert asyncio.run(ask())["mode"] == "discord"
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=30) == 0
        assert child.stderr is not None and "Traceback" not in child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


async def test_in_the_bot_on_sqlite_a_discord_move_reaches_the_page(tmp_path: Path) -> None:
    port = free_port()
    env = {**ACTIVITY, "WEB_PORT": str(port), "DATABASE_PATH": str(tmp_path / "t.db")}
    settings = Settings(**{k.lower(): v for k, v in env.items()})
    storage = await Storage.open(tmp_path / "t.db")
    service = GameService(storage)
    live = await live_in_bot(settings, storage, service)
    assert isinstance(live, Served)  # SQLite: the bot's own process serves the page
    try:
        await service.new_lobby(1, CHANNEL, ANN, "Ann", "loveletter", "hobbit", {}, 0)
        await service.join(CHANNEL, BOB, "Bob", "loveletter")
        game = await service.start(CHANNEL, ANN, kind="loveletter")
        session = Sessions(SECRET).issue(Visitor(BOB, CHANNEL))
        async with aiohttp.ClientSession() as http:
            url = f"ws://127.0.0.1:{port}/ws?session={session}"
            async with http.ws_connect(url) as ws:
                hello, table, _mine = [await ws.receive_json(timeout=10) for _ in range(3)]
                assert hello["player"] == str(BOB) and table["id"] == game.id
                # a move as a Discord click makes it: the service alone, nobody publishes
                _game, state = await service.running(game.id)
                mover = service.awaiting(game, state)[0]
                decision = service.legal(game, state, mover)[0]
                await service.play(game.id, mover, decision, table["version"])
                frame = await ws.receive_json(timeout=10)  # no test of speed: a busy machine
                assert frame["type"] == "table" and frame["version"] == table["version"] + 1
    finally:
        await live.close()
        await storage.close()


async def test_a_web_port_in_use_is_one_line_naming_the_settings(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        env = {**ACTIVITY, "WEB_PORT": str(taken.getsockname()[1])}
        settings = Settings(**{k.lower(): v for k, v in env.items()})
        storage = await Storage.open(tmp_path / "t.db")
        try:
            with pytest.raises(ConfigError) as caught:
                await live_in_bot(settings, storage, GameService(storage))
        finally:
            await storage.close()
    message = str(caught.value)
    assert "\n" not in message and "WEB_HOST/WEB_PORT cannot be used" in message
