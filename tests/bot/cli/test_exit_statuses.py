"""One rule for exit statuses across the commands (README "Exit statuses"): a database the bot
will not use is refused, before anything is done, with status 2 and one line, by `run` and by
every `db` command alike (they used to exit 1 where `run` exits 2), and the file is left as it
was. Failures while working (status 1) are tested where they happen: a backup the system will
not write (test_maintenance_bad_input), a lock held past the wait (test_rerate_cli), a copy
cut off (test_migrate_interrupted)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import cli
from tests.storage.damage import bot_database, scramble_index_page

REPO_ROOT = Path(__file__).resolve().parents[3]
UNREACHED = "postgresql://bot@/none?host=/nonexistent"  # the source is refused before dialling


def _damaged(path: Path) -> None:
    asyncio.run(bot_database(path))
    scramble_index_page(path)


def _newer(path: Path) -> None:
    asyncio.run(bot_database(path))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("CREATE TABLE bookmarks (url TEXT)")
    conn.close()


def _missing(path: Path) -> None:
    """Nothing at all (only the db commands: `run` makes a new database there)."""


FILES: dict[str, Callable[[Path], None]] = {
    "damaged": _damaged,
    "newer": _newer,
    "foreign": _foreign,
    "missing": _missing,
}
DB_COMMANDS = {
    "check": ["db", "check"],
    "backup": ["db", "backup", "{tmp}/copy.db"],
    "rerate": ["db", "rerate"],
    "migrate-to-postgres": ["db", "migrate-to-postgres", UNREACHED],
}


CASES = [
    (kind, command)
    for kind in FILES
    for command in DB_COMMANDS
    # A backup copies any sound SQLite file, a newer bot's or another application's too.
    if not (command == "backup" and kind in ("newer", "foreign"))
]


@pytest.mark.parametrize(("kind", "command"), CASES)
def test_every_db_command_refuses_a_database_the_bot_refuses_with_status_2(
    tmp_path: Path, kind: str, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.db"
    FILES[kind](path)
    before = path.read_bytes() if path.exists() else None
    args = [arg.format(tmp=tmp_path) for arg in DB_COMMANDS[command]]
    assert cli.main([*args, "--database", str(path)]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if command == "check" and kind in ("newer", "foreign"):  # a report, on standard output
        assert out.endswith("status: PROBLEM\n") and err == ""
    else:
        assert out == ""
        assert len(err.splitlines()) == 1 and err.startswith(f"db {command}: "), err
    assert (path.read_bytes() if path.exists() else None) == before
    assert not (tmp_path / "copy.db").exists()


@pytest.mark.parametrize("kind", ["damaged", "newer", "foreign"])
def test_run_refuses_the_same_databases_with_status_2(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "bot.db"
    FILES[kind](path)
    before = path.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=tmp_path,
        env={
            **os.environ,
            "PYTHONPATH": str(REPO_ROOT),
            "DISCORD_TOKEN": "not-used",
            "DATABASE_PATH": str(path),
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "Invalid setting: DATABASE_PATH cannot be used:" in done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == before
