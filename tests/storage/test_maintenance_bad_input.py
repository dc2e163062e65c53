"""`db check` and `db backup` on files and places they cannot use: one line, the documented
status (README "Exit statuses"), the right culprit named, and nothing changed or left behind."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from storage import Storage

REPO_ROOT = Path(__file__).resolve().parents[2]


def _err_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


@pytest.fixture
async def bot_db(tmp_path: Path) -> Path:
    """A real bot database, closed again (no bot running)."""
    path = tmp_path / "bot.db"
    storage = await Storage.open(path)
    await storage.create_lobby(1, 2, "loveletter", "pegasus", 3)
    await storage.close()
    return path


@pytest.mark.parametrize(
    ("target", "expected", "status"),
    [
        ("/sys/x/y.db", "there is no folder /sys/x", 2),  # the operator must name another place
        ("/proc/y.db", "cannot write the backup to /proc/y.db", 1),  # refused by the system
        ("{tmp}/a-file/sub.db", "a-file is a file, not a directory", 2),
    ],
)
def test_backup_to_an_impossible_target_blames_the_target(
    bot_db: Path,
    tmp_path: Path,
    target: str,
    expected: str,
    status: int,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "a-file").write_bytes(b"mine")
    before = bot_db.read_bytes()
    assert (
        cli.main(["db", "--database", str(bot_db), "backup", target.format(tmp=tmp_path)]) == status
    )
    line = _err_line(capsys)
    assert expected in line
    assert str(bot_db) not in line  # the source is fine: never blamed
    assert bot_db.read_bytes() == before
    assert (tmp_path / "a-file").read_bytes() == b"mine"


def test_check_of_an_empty_file_says_it_is_empty_and_invents_no_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    assert cli.main(["db", "check", "--database", str(path)]) == 0  # option after the action
    out = capsys.readouterr().out
    assert "empty" in out
    assert "games:" not in out and "moves logged" not in out
    assert "will be upgraded" not in out
    assert path.read_bytes() == b""


def test_check_of_another_applications_database_says_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE bookmarks (url TEXT)")
        conn.execute("CREATE TABLE games (name TEXT)")  # a table name of ours, by chance
    conn.close()
    before = path.read_bytes()
    assert cli.main(["db", "check", "--database", str(path)]) == 2  # as `run` refuses it
    out = capsys.readouterr().out
    assert "another application" in out and "bookmarks" in out
    assert "would refuse" in out
    assert "will be upgraded" not in out
    assert "games: lobby 0" not in out and "moves logged" not in out  # no invented counts
    assert "status: PROBLEM" in out
    assert path.read_bytes() == before


def test_check_leaves_no_wal_or_shm_files_beside_a_database_it_only_read(
    bot_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = sorted(os.listdir(bot_db.parent))
    assert cli.main(["db", "--database", str(bot_db), "check"]) == 0
    assert "status: OK" in capsys.readouterr().out
    assert sorted(os.listdir(bot_db.parent)) == before


async def test_check_while_the_bot_runs_keeps_its_wal(
    bot_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    storage = await Storage.open(bot_db)
    try:
        await storage.create_lobby(1, 9, "loveletter", "hobbit", 3)
        assert cli.main(["db", "check", "--database", str(bot_db)]) == 0
        assert "lobby 2" in capsys.readouterr().out
        assert Path(f"{bot_db}-wal").exists()  # the bot's, still open
        assert (await storage.get_game(2)).channel_id == 9
    finally:
        await storage.close()


READ_ONLY_SCRIPT = """
set -e
mount -t tmpfs none "$1"
cp "$2" "$1/bot.db"
mount -o remount,ro "$1"
cd "$3"
"$4" -m bot db check --database "$1/bot.db" || echo "status=$?"
"$4" -m bot db --database "$2" backup "$1/copy.db" || echo "status=$?"
"""


def test_check_reads_a_file_on_a_read_only_file_system_and_backup_cannot_write_there(
    bot_db: Path, tmp_path: Path
) -> None:
    """A user namespace gives a real read-only mount without root (skipped where it cannot).
    Nobody can have the file there open, so the check reads it as immutable (nothing made);
    a backup onto that mount names the place."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1)")
    mount = tmp_path / "ro"
    mount.mkdir()
    script = tmp_path / "ro.sh"
    script.write_text(READ_ONLY_SCRIPT)
    args = ["unshare", "-rm", "sh", str(script), str(mount), str(bot_db), str(REPO_ROOT)]
    result = subprocess.run(
        [*args, sys.executable], capture_output=True, text=True, timeout=120, check=False
    )
    if "mount:" in result.stderr or "unshare:" in result.stderr:
        pytest.skip(f"no read-only mount here: {result.stderr.strip()}")
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "integrity: ok" in result.stdout and "status: OK" in result.stdout
    assert "cannot write the backup" in lines[0] and "read-only file system" in lines[0]
    assert str(bot_db) not in lines[0]
    assert result.stdout.count("status=1") == 1  # the backup's
