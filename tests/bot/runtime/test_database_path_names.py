"""A DATABASE_PATH / `--database` no file can have (issue 41): a name over 255 bytes, a symbolic
link loop, /dev/null, a FIFO. `run`, `health` and every `db` command answer in one line with
exit status 2, within seconds (a FIFO used to block `run` for ever), and change nothing: no
file made beside the name (SQLite given /dev/null made /dev/null-journal)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN, REPO_ROOT, RUN_AGAINST

LONG = "b" * 300 + ".db"
NAMES = {
    "a name of 303 bytes": (LONG, "is 303 bytes long; a name may have at most 255"),
    "a symbolic link loop": ("loop.db", "is a symbolic link loop"),
    "/dev/null": ("/dev/null", "/dev/null is a character device, not a database file"),
    "a FIFO": ("fifo.db", "is a FIFO (named pipe), not a database file"),
}
COMMANDS = {
    "run": (["-c", RUN_AGAINST], "Invalid setting: DATABASE_PATH cannot be used: "),
    "health": (["-m", "bot", "health"], "Invalid setting: DATABASE_PATH cannot be used: "),
    "db check": (["-m", "bot", "db", "check"], "db check: "),
    "db backup": (["-m", "bot", "db", "backup", "copy.db"], "db backup: "),
    "db rerate": (["-m", "bot", "db", "rerate"], "db rerate: "),
    "db migrate-to-postgres": (
        ["-m", "bot", "db", "migrate-to-postgres", "postgresql://u:p@127.0.0.1:9/x"],
        "db migrate-to-postgres: ",
    ),
}


def _made(folder: Path) -> list[str]:
    """Every name in `folder`, and any file SQLite may have made beside /dev/null."""
    dev_null = [f"/dev/null{suffix}" for suffix in ("-journal", "-wal", "-shm")]
    return sorted([p.name for p in folder.iterdir()] + [n for n in dev_null if Path(n).exists()])


@pytest.mark.parametrize(("name", "why"), NAMES.values(), ids=list(NAMES))
@pytest.mark.parametrize(("args", "start"), COMMANDS.values(), ids=list(COMMANDS))
def test_a_database_name_no_file_can_have_is_one_line_and_status_2(
    tmp_path: Path, name: str, why: str, args: list[str], start: str
) -> None:
    (tmp_path / "loop.db").symlink_to("loop2.db")
    (tmp_path / "loop2.db").symlink_to("loop.db")
    os.mkfifo(tmp_path / "fifo.db")
    before = _made(tmp_path)
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(REPO_ROOT),
        "DATABASE_PATH": name,
        "DISCORD_TOKEN": FAKE_TOKEN,
        "API_BASE": "http://127.0.0.1:9/api",
        "LOG_LEVEL": "WARNING",
    }
    if args[1:3] == ["bot", "db"]:  # `--database` as well as DATABASE_PATH
        args = [*args[:3], "--database", name, *args[3:]]
    result = subprocess.run(
        [sys.executable, *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,  # no hang
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(start) and why in lines[0], lines[0]
    assert len(lines[0]) < 300  # a long name is cut, not quoted whole
    assert result.stdout == ""
    assert _made(tmp_path) == before
