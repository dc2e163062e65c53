"""The database read by another account, one that may not write the file but may write its
folder (issue 41): `db check`, `db backup` and `health` left -wal/-shm files beside it, owned
by that account, and the bot then started and failed every save ("attempt to write a readonly
database"). Read-only commands now leave nothing, and the bot refuses at start-up, in one line,
a -wal/-shm it cannot write; an unreadable file is called unreadable.

Tests run as root, whom a file's mode does not stop: the child processes run as root without
CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (`setpriv`), so the modes and owners stop them as they
stop any other account; run as another user, the children need nothing dropped."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.runtime.heartbeat import write_beat
from storage import Storage
from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN, REPO_ROOT, RUN_AGAINST
from tests.storage.damage import beside, bot_database

NO_OVERRIDE = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--"]
OTHER_UID = 4321  # an account that is not the one running the tests


def as_other_account(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`python *args` as an account a file's mode stops (see the module docstring)."""
    prefix = NO_OVERRIDE if os.geteuid() == 0 else []
    return subprocess.run(
        [*prefix, sys.executable, *args],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO_ROOT), "LOG_LEVEL": "WARNING", **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    """The bot's database (12 lobbies), closed, in a folder of its own that anyone may write
    into; the file itself read-only for everybody but root."""
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o777)
    path = await bot_database(data / "bot.db")
    path.chmod(0o444)
    return path


READERS = {
    "db check": (["-m", "bot", "db", "check", "--database", "data/bot.db"], "status: OK"),
    "db backup": (["-m", "bot", "db", "--database", "data/bot.db", "backup", "copy.db"], "backed"),
    "health": (["-m", "bot", "health"], "healthy: database data/bot.db readable"),
}


@pytest.mark.parametrize(("args", "said"), READERS.values(), ids=list(READERS))
def test_a_read_only_command_of_another_account_leaves_nothing_beside_the_file(
    database: Path, args: list[str], said: str
) -> None:
    write_beat(database.parent.parent / "bot.heartbeat", time.time())
    before = database.read_bytes()
    result = as_other_account(
        args, database.parent.parent, DATABASE_PATH="data/bot.db", HEARTBEAT_PATH="bot.heartbeat"
    )
    assert result.returncode == 0, result.stderr
    assert said in result.stdout
    assert beside(database) == []  # no -wal/-shm of that account's for the bot to trip over
    assert database.read_bytes() == before


async def test_another_accounts_check_while_the_bot_runs_sees_its_latest_save(
    database: Path,
) -> None:
    """With the bot's -wal and -shm there, the read goes through them (the newest save is in
    the -wal), and they stay the bot's: it saves on afterwards."""
    database.chmod(0o644)
    storage = await Storage.open(database)
    try:
        await storage.create_lobby(1, 999, "loveletter", "pegasus", 7)
        database.chmod(0o444)
        side = {name: (database.parent / name).stat().st_uid for name in beside(database)}
        result = as_other_account(
            ["-m", "bot", "db", "check", "--database", str(database)], database.parent
        )
        assert result.returncode == 0, result.stderr
        assert "lobby 13" in result.stdout
        assert {n: (database.parent / n).stat().st_uid for n in beside(database)} == side
        await storage.create_lobby(1, 1000, "loveletter", "pegasus", 8)
    finally:
        await storage.close()
    assert beside(database) == []


@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_the_bot_refuses_a_side_file_it_cannot_write(database: Path, suffix: str) -> None:
    """What another account's read used to leave: the bot now stops at once and says so,
    instead of starting and failing every save."""
    database.chmod(0o644)
    side = Path(f"{database}{suffix}")
    side.write_bytes(bytes(32768 if suffix == "-shm" else 0))
    side.chmod(0o444)
    if os.geteuid() == 0:
        os.chown(side, OTHER_UID, OTHER_UID)
    before = {p.name: p.read_bytes() for p in database.parent.iterdir()}
    result = as_other_account(
        ["-c", RUN_AGAINST],
        database.parent,
        DISCORD_TOKEN=FAKE_TOKEN,
        DATABASE_PATH=str(database),
        API_BASE="http://127.0.0.1:9/api",
    )
    assert result.returncode == 2
    line = _one_line(result)
    assert line.startswith("Invalid setting: DATABASE_PATH cannot be used: "), line
    assert f"{side} beside it belongs to " in line and "may not write it" in line
    assert "every save would fail" in line and "chown" in line and "Login failed" not in line
    assert {p.name: p.read_bytes() for p in database.parent.iterdir()} == before


def test_an_unreadable_file_is_called_unreadable(database: Path) -> None:
    """Not "read-only": the bot cannot even read it, and the operator must grant both."""
    database.chmod(0o000)
    folder = database.parent
    run = as_other_account(
        ["-c", RUN_AGAINST],
        folder,
        DISCORD_TOKEN=FAKE_TOKEN,
        DATABASE_PATH=str(database),
        API_BASE="http://127.0.0.1:9/api",
    )
    assert run.returncode == 2
    line = _one_line(run)
    assert f"{database} is unreadable for this user (no read permission)" in line
    assert "read and write access" in line and "read-only" not in line
    check = as_other_account(["-m", "bot", "db", "check", "--database", str(database)], folder)
    assert check.returncode == 2  # refused, nothing done (README: Exit statuses)
    line = _one_line(check)
    assert f"cannot read {database}: it is unreadable for this user" in line
    assert "as an SQLite database" not in line  # it may well be one
    assert beside(database) == []


def test_a_wal_without_its_shm_is_not_read_by_another_account(database: Path) -> None:
    """Reading that -wal needs a -shm, which SQLite would make, owned by the reader: the
    check says so instead, and makes nothing."""
    wal = Path(f"{database}-wal")
    wal.write_bytes(b"")
    result = as_other_account(
        ["-m", "bot", "db", "check", "--database", str(database)], database.parent
    )
    assert result.returncode == 2  # refused, nothing done
    line = _one_line(result)
    assert f"cannot read {database} without leaving a file beside it" in line
    assert "run this as the user that runs the bot" in line
    assert beside(database) == ["bot.db-wal"]
