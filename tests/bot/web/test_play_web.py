"""`python -m bot play --web`: a local game served on 127.0.0.1, the URL printed, Ctrl-C
stops it cleanly; bad options are one line on standard error and status 2."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import aiohttp
import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "LANGUAGE": "en"},
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--port", "8080"], "--port and --no-browser are for --web"),
        (["--no-browser"], "--port and --no-browser are for --web"),
        (["--web", "--players", "9", "--no-browser"], "--players 9 is not possible"),
        (["--web", "--port", "70000"], "must be 65,535 or less"),
        (["--web", "--edition", "nope", "--no-browser"], "unknown edition 'nope'"),
        (["--web", "--ai", "godlike", "--no-browser"], "Unknown AI level 'godlike'"),
        (["--web", "--game", "adventure", "--edition", "hobbit"], "has no editions"),
    ],
)
def test_bad_options_are_one_line_and_status_2(args: list[str], said: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0], done.stderr


def test_a_port_in_use_is_one_line_and_status_2() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("--web", "--no-browser", "--port", str(port))
    assert done.returncode == 2
    assert (
        done.stderr.splitlines() == [f"play: cannot serve on port {port}: address already in use"]
        or "cannot serve on port" in done.stderr.splitlines()[0]
    )
    assert len(done.stderr.splitlines()) == 1


async def test_the_local_table_serves_a_game_and_stops_on_ctrl_c() -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "--web", "--no-browser", "--lang", "de"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("Der Live-Tisch ist unter http://127.0.0.1:"), line
        url = line.split()[4]
        with urllib.request.urlopen(url, timeout=10) as page:
            assert b"static/app.js" in page.read()
        with urllib.request.urlopen(url + "session", timeout=10) as answer:
            session = json.loads(answer.read())
        assert session["mode"] == "local" and session["lang"] == "de"
        async with aiohttp.ClientSession() as http, http.ws_connect(url + "ws") as ws:
            hello = json.loads((await ws.receive(timeout=10)).data)
            table = json.loads((await ws.receive(timeout=10)).data)
        assert hello["player"] == "1" and hello["chrome"]["rematch"] == "Revanche"
        assert table["type"] == "table" and table["table"]["edition"] == "pegasus"
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.communicate()
    assert server.returncode == 0, err
    assert out.strip() == "Beendet; das Spiel wurde nicht aufbewahrt."
    assert err == ""
