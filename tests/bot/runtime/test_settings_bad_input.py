"""Settings a user can get wrong, checked before logging in to Discord, and a login that fails:
one line each (status 2), never a traceback, never a voice-library warning. (The bounded
durations are among the bad values of tests/bot/runtime/test_config.py.)"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bot.runtime.config import ConfigError, load_settings
from tests.bot.child import run_bot
from tests.bot.stand_in_api import JsonAnswers, stand_in_api

REPO_ROOT = Path(__file__).resolve().parents[3]
FAKE_TOKEN = "MTAxMjM0NTY3ODkwMTIzNDU2.Gabcde.not-a-real-token-abcdefghijklmnopqrstu"
# Runs the bot with Discord's API at API_BASE (a local stand-in), so no test reaches the network.
# The API is pointed at where `run` starts to log in (runner._run_bot), so that a start refused
# before that never imports discord.py here either, as `python -m bot run` does not.
RUN_AGAINST = """
import os, sys
from bot.cli import main
from bot.runtime import runner

def against(settings, run_bot=runner._run_bot):
    import discord.http
    discord.http.Route.BASE = os.environ["API_BASE"]
    return run_bot(settings)

runner._run_bot = against
sys.exit(main(["run"]))
"""


@pytest.mark.parametrize(("token", "why"), [("   ", "only spaces"), ("abc def", "contains")])
def test_a_token_of_spaces_is_named_without_echoing_it(
    monkeypatch: pytest.MonkeyPatch, token: str, why: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", token)
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    message = str(caught.value)
    assert "DISCORD_TOKEN" in message and why in message
    assert "abc" not in message


def test_an_env_file_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_bytes("DISCORD_TOKEN=caf\u00e9\n".encode("latin-1"))
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=env_file)
    message = str(caught.value)
    assert "\n" not in message
    assert "not UTF-8" in message and ".env" in message


def _fifo(env: Path) -> None:
    os.mkfifo(env)


def _device(env: Path) -> None:
    env.symlink_to("/dev/zero")


@pytest.mark.parametrize(
    ("make", "kind"), [(_fifo, "a FIFO (named pipe)"), (_device, "a character device")]
)
def test_an_env_that_is_a_fifo_or_a_device_is_one_line_unread(
    tmp_path: Path, make: Callable[[Path], None], kind: str
) -> None:
    """A FIFO named .env blocked the start for ever (no writer ever comes)."""
    make(tmp_path / ".env")
    result = run_bot(["run"], cwd=tmp_path, stdin=subprocess.DEVNULL, text=True)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        f"Invalid settings file: .env is {kind}, not a file of settings"
    ]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            ["LOG_LEVEL=INFO", f'DISCORD_TOKEN="{FAKE_TOKEN}'],
            'line 2 (DISCORD_TOKEN) opens a quote (") that is not closed; close it or remove'
            " the quotes",
        ),
        (["# a comment", "", "TOKEN VALUE"], "line 3 is not NAME=value; fix or remove that line"),
    ],
    ids=["open quote", "no equals sign"],
)
def test_a_line_of_env_that_cannot_be_read_is_named(
    tmp_path: Path, lines: list[str], expected: str
) -> None:
    """python-dotenv skips such a line with a warning, so the token on it read as "No Discord
    token is set": the line is named instead (never its value, a secret), and nothing starts."""
    (tmp_path / ".env").write_text("\n".join(lines) + "\n")
    result = run_bot(["run"], cwd=tmp_path, stdin=subprocess.DEVNULL, text=True)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [f"Invalid settings file: .env {expected}"]
    assert FAKE_TOKEN[:10] not in result.stderr


def test_a_folder_named_env_is_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A virtual environment is often made as `.env`: it holds no settings, as before."""
    (tmp_path / ".env").mkdir()
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    assert load_settings(env_file=tmp_path / ".env").log_level == "DEBUG"


def _run(env: dict[str, str], cwd: Path, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT), "LOG_LEVEL": "WARNING", **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_unusable_database_path_is_named_before_logging_in(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_bytes(b"mine")
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(tmp_path / "a-file" / "x.db")}
    result = _run({**env, "API_BASE": "http://127.0.0.1:9/api"}, tmp_path, RUN_AGAINST)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "DATABASE_PATH" in lines[0] and "a-file is a file, not a directory" in lines[0]
    assert "Login failed" not in result.stderr  # it never tried
    assert (tmp_path / "a-file").read_bytes() == b"mine"


IMPORTED = (
    "import sys; from bot.cli import main; status = main(['run']); "
    "print(status, sorted({m.split('.')[0] for m in sys.modules} & {'discord', 'aiohttp'}))"
)


def test_a_refused_path_is_told_before_discord_is_imported(tmp_path: Path) -> None:
    """The paths are checked first: a start they refuse never loads discord.py and aiohttp
    (about half of such a start's CPU)."""
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": "/dev/null"}
    result = _run(env, tmp_path, IMPORTED)
    assert "Invalid setting: DATABASE_PATH cannot be used: " in result.stderr
    assert result.stdout == "2 []\n"


class _Rejects(JsonAnswers):
    """Discord's answer to a made-up token: 401 Unauthorized."""

    def do_GET(self) -> None:
        self.answer({"message": "401: Unauthorized", "code": 0}, status=401)


@pytest.fixture
def rejecting_api() -> Iterator[str]:
    with stand_in_api(_Rejects) as base:
        yield base


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_made_up_token_is_one_line_saying_the_login_failed(
    rejecting_api: str, tmp_path: Path
) -> None:
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(tmp_path / "b.db")}
    result = _run({**env, "API_BASE": rejecting_api}, tmp_path, RUN_AGAINST)
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "Login failed: Discord rejected DISCORD_TOKEN; check the token (see README.md)."
    ]


def test_no_network_is_one_line_saying_why_and_no_voice_warnings(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(tmp_path / "b.db")}
    api = f"http://127.0.0.1:{_closed_port()}/api/v10"
    result = _run({**env, "API_BASE": api, "LOG_LEVEL": "INFO"}, tmp_path, RUN_AGAINST)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "PyNaCl" not in result.stderr and "davey" not in result.stderr
    failures = [line for line in result.stderr.splitlines() if "Login failed" in line]
    assert len(failures) == 1
    assert "cannot reach Discord" in failures[0] and "check the network" in failures[0]
    assert len(result.stderr.splitlines()) <= 2  # at most discord.py's "logging in" INFO line
