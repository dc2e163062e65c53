"""`python -m bot run` (a real process, Discord's API pointed at a closed local port) on a
DATABASE_PATH it must not use: one line naming the setting and saying what to do, exit status 2,
before logging in; the file byte-identical and nothing (-wal, -shm, -journal, backup) beside
it. And on an older file: where the copy kept before the upgrade is, logged at INFO."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from storage.db import schema_version_supported
from tests.bot.runtime.test_settings_bad_input import FAKE_TOKEN, REPO_ROOT, RUN_AGAINST, _run
from tests.storage.damage import (
    beside,
    bot_database,
    scramble_index_page,
    v3_database,
    zero_index_pages,
)

CLOSED_API = "http://127.0.0.1:9/api"


def _start(path: Path, cwd: Path, log_level: str = "WARNING") -> subprocess.CompletedProcess[str]:
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(path), "API_BASE": CLOSED_API}
    return _run({**env, "LOG_LEVEL": log_level}, cwd, RUN_AGAINST)


def _refused(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "Login failed" not in lines[0]  # it never tried
    assert lines[0].startswith("Invalid setting: DATABASE_PATH cannot be used")
    return lines[0]


async def _damaged_bot_db(path: Path) -> None:
    scramble_index_page(await bot_database(path))


async def _zeroed_v3_db(path: Path) -> None:
    zero_index_pages(v3_database(path))


@pytest.mark.parametrize("make", [_damaged_bot_db, _zeroed_v3_db], ids=["random", "zeroed"])
async def test_a_damaged_file_is_refused_before_anything_writes_to_it(
    tmp_path: Path, make: Callable[[Path], Awaitable[None]]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    path = data / "bot.db"
    await make(path)
    before = path.read_bytes()
    line = _refused(_start(path, tmp_path))
    assert "is damaged" in line and "restore" in line and ".recover" in line
    assert path.read_bytes() == before
    assert beside(path) == []


def test_a_folder_is_named_as_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    line = _refused(_start(folder, tmp_path))
    assert "is a folder, not a database file" in line and "backup" not in line
    assert list(folder.iterdir()) == []


async def test_a_read_only_file_is_refused_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    """Tests run as root, whom a file's mode does not stop. So the bot runs as user 1000 of a
    new user namespace, mapped onto root outside: the file and its folder belong to that user
    (the folder writable, as the bot's own data folder would be), but without root's override
    the file's mode 0444 does stop it, as for any bot user whose file was made read-only."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1)")
    data = tmp_path / "data"
    data.mkdir()
    path = await bot_database(data / "bot.db")
    path.chmod(0o444)
    before = path.read_bytes()
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(path), "API_BASE": CLOSED_API}
    as_user = ["unshare", "--user", "--map-user=1000", "--map-group=1000", sys.executable]
    probe = subprocess.run(
        [*as_user, "-c", f"open({str(path)!r}, 'r+')"], capture_output=True, text=True, check=False
    )
    if "PermissionError" not in probe.stderr:
        pytest.skip(f"no unprivileged user namespace here: {probe.stderr.strip()[-200:]}")
    result = subprocess.run(
        [*as_user, "-c", RUN_AGAINST],
        cwd=tmp_path,
        env={"PYTHONPATH": str(REPO_ROOT), "PYTHONDONTWRITEBYTECODE": "1", **env},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    line = _refused(result)
    assert f"{path} is read-only for this user" in line and "write access" in line
    assert path.read_bytes() == before
    assert beside(path) == []


READ_ONLY_MOUNT = """
set -e
mount -t tmpfs none "$1"
cp "$2" "$1/bot.db"
mount -o remount,ro "$1"
DATABASE_PATH="$1/bot.db" "$3" -c "$4" || echo "status=$?"
ls -A "$1"
"""


async def test_a_file_on_a_read_only_file_system_is_refused(tmp_path: Path) -> None:
    """A real read-only mount, in a user and mount namespace (skipped where there is none)."""
    if shutil.which("unshare") is None:
        pytest.skip("no unshare(1)")
    path = await bot_database(tmp_path / "bot.db")
    mount = tmp_path / "ro"
    mount.mkdir()
    script = tmp_path / "ro.sh"
    script.write_text(READ_ONLY_MOUNT)
    env = {"DISCORD_TOKEN": FAKE_TOKEN, "API_BASE": CLOSED_API, "LOG_LEVEL": "WARNING"}
    result = subprocess.run(
        ["unshare", "-rm", "sh", str(script), str(mount), str(path), sys.executable, RUN_AGAINST],
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO_ROOT), **env},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if "mount:" in result.stderr or "unshare:" in result.stderr:
        pytest.skip(f"no read-only mount here: {result.stderr.strip()}")
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "is on a read-only file system" in lines[0] and "write access" in lines[0]
    assert result.stdout.split() == ["status=2", "bot.db"]  # nothing beside it


def test_an_upgrade_at_start_up_logs_where_the_copy_is(tmp_path: Path) -> None:
    path = v3_database(tmp_path / "v3.db")
    result = _start(path, tmp_path, log_level="INFO")
    assert "Traceback" not in result.stderr
    copy = tmp_path / f"v3.db.before-v{schema_version_supported()}.bak"
    assert copy.is_file()
    assert f"as {copy} before upgrading it to version" in result.stderr
