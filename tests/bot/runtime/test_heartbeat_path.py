"""`python -m bot run` (a real process, Discord's API at a closed local port) with a
HEARTBEAT_PATH it must not beat at (issue 41): each beat replaces the file and the stop deletes
it, so the database, a file beside it, `.env` or any other file that holds more than a beat is
refused in one line, exit status 2, before anything is opened; every file byte-identical."""

from __future__ import annotations

import asyncio
import os
import subprocess
from pathlib import Path

import pytest

from bot.runtime.heartbeat import Heartbeat, write_beat
from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN, RUN_AGAINST, _run
from tests.storage.damage import bot_database

CLOSED_API = "http://127.0.0.1:9/api"


def _start(
    cwd: Path, heartbeat: str, database: str = "data/tabletop.db"
) -> subprocess.CompletedProcess[str]:
    env = {
        "DISCORD_TOKEN": FAKE_TOKEN,
        "DATABASE_PATH": database,
        "HEARTBEAT_PATH": heartbeat,
        "API_BASE": CLOSED_API,
    }
    return _run(env, cwd, RUN_AGAINST)


def _files(folder: Path) -> dict[str, bytes | str]:
    """Every name under `folder` with its bytes (a link: where it points)."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = os.readlink(path)
        elif path.is_file():
            found[name] = path.read_bytes()
    return found


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The bot's working folder: .env, data/tabletop.db (games in it), a link to it."""
    (tmp_path / "data").mkdir()
    asyncio.run(bot_database(tmp_path / "data" / "tabletop.db"))
    (tmp_path / ".env").write_text("LOG_LEVEL=WARNING\n", encoding="utf-8")
    (tmp_path / "link.db").symlink_to("data/tabletop.db")
    # A device reached through a link: a regression replaces the link, never /dev/null itself
    # (the old code renamed its beat over the path, which as root made /dev/null a file).
    (tmp_path / "null").symlink_to("/dev/null")
    return tmp_path


REFUSED = {
    "the database": ("./data/tabletop.db", "is the database data/tabletop.db"),
    "its -wal": ("data/tabletop.db-wal", "is the -wal file of the database"),
    "its -shm": ("data/tabletop.db-shm", "is the -shm file of the database"),
    "its -journal": ("data/tabletop.db-journal", "is the -journal file of the database"),
    "through ..": ("data/../data/tabletop.db", "is the database data/tabletop.db"),
    "through a link": ("link.db", "is the database data/tabletop.db"),
    ".env": (".env", "already exists and holds other data, not a heartbeat"),
    "a folder": ("data", "is a folder, not a heartbeat"),
    "a device": ("null", "is a character device, not a heartbeat file"),
    "beside the database, .partial": (
        "data/tabletop",
        "data/tabletop.partial (where each beat is written",
    ),
}


@pytest.mark.parametrize(("heartbeat", "expected"), REFUSED.values(), ids=list(REFUSED))
def test_a_heartbeat_path_naming_another_file_is_refused_and_nothing_is_touched(
    folder: Path, heartbeat: str, expected: str
) -> None:
    database = "data/tabletop.db"
    if heartbeat == "data/tabletop":  # a database whose name is the heartbeat's + .partial
        database = "data/tabletop.partial"
        (folder / "data" / "tabletop.db").rename(folder / database)
    before = _files(folder)
    result = _start(folder, heartbeat, database)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("Invalid setting: HEARTBEAT_PATH cannot be used: "), lines[0]
    assert expected in lines[0] and "Login failed" not in lines[0]
    assert _files(folder) == before  # the database, .env and the link as they were


def test_a_beat_left_by_a_killed_bot_is_taken_and_the_database_kept(folder: Path) -> None:
    """A beat (a bot killed with SIGKILL leaves one) is the heartbeat's own: the bot starts,
    fails to log in here, and deletes nothing it did not write."""
    write_beat(folder / "data" / "bot.heartbeat", 1_700_000_000.0)
    before = _files(folder)
    result = _start(folder, "data/bot.heartbeat")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1].startswith("Login failed: cannot reach Discord")
    assert _files(folder) == before


def test_the_database_is_kept_when_the_heartbeat_would_be_its_name(folder: Path) -> None:
    """The issue's report: `HEARTBEAT_PATH=./data/tabletop.db python -m bot run` deleted the
    database with its 158 games at the stop."""
    database = folder / "data" / "tabletop.db"
    before = database.read_bytes()
    _start(folder, "./data/tabletop.db")
    assert database.read_bytes() == before


async def test_a_heartbeat_stopped_before_its_first_beat_deletes_nothing(tmp_path: Path) -> None:
    """The bot stops (a failed login) before it ever beat: the file there is not its own."""
    other = tmp_path / "notes.txt"
    other.write_text("mine\n", encoding="utf-8")
    Heartbeat(other).stop()
    assert other.read_text(encoding="utf-8") == "mine\n"
    beat = Heartbeat(tmp_path / "bot.heartbeat")
    beat.start()
    assert beat.path.exists()
    beat.stop()
    assert not beat.path.exists()  # its own beat goes: a stopped bot must not look alive
