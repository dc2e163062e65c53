"""The default database file: `./data/tabletop.db` for new installs, and an existing
`./data/loveletter.db` (the name before the bot hosted other games) found and kept."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.runtime.config import load_settings
from storage import open_storage

REPO_ROOT = Path(__file__).resolve().parents[3]
NOTE = "the database file of earlier versions"
START = (
    "import logging; logging.basicConfig(level=logging.INFO, format='%(message)s')\n"
    "from bot.runtime.config import load_settings\n"
    "from bot.runtime.runner import check_database_setting\n"
    "check_database_setting(load_settings(env_file=None))\n"
)


def _bot(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """A real process in `cwd`, without DATABASE_PATH (tests/conftest.py removes it)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _old_install(folder: Path) -> Path:
    """A folder as an earlier version left it: a real, migrated data/loveletter.db."""
    path = folder / "data" / "loveletter.db"
    path.parent.mkdir()

    async def create() -> None:
        storage = await open_storage(None, path)
        await storage.close()

    asyncio.run(create())
    return path


def test_db_check_without_database_path_uses_an_existing_loveletter_db(tmp_path: Path) -> None:
    _old_install(tmp_path)
    result = _bot(["-m", "bot", "db", "check"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "data/loveletter.db" in result.stdout
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["loveletter.db"]


def test_the_bot_starts_on_the_old_file_and_says_so_once(tmp_path: Path) -> None:
    _old_install(tmp_path)
    result = _bot(["-c", START], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count(NOTE) == 1
    assert "DATABASE_PATH=data/loveletter.db" in result.stderr
    assert not (tmp_path / "data" / "tabletop.db").exists()


def test_a_new_install_creates_tabletop_db(tmp_path: Path) -> None:
    result = _bot(["-c", START], tmp_path)
    assert result.returncode == 0, result.stderr
    assert NOTE not in result.stderr
    assert sorted(p.name for p in (tmp_path / "data").iterdir()) == ["tabletop.db"]


def test_the_new_file_wins_when_both_exist(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _old_install(tmp_path)
    (tmp_path / "data" / "tabletop.db").touch()
    monkeypatch.chdir(tmp_path)
    settings = load_settings(env_file=None)
    assert settings.database_path == Path("data/tabletop.db")
    assert not settings.old_default_database


def test_the_heartbeat_stays_beside_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _old_install(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert load_settings(env_file=None).heartbeat_file == Path("data/loveletter.db.heartbeat")


def test_a_set_database_path_is_used_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _old_install(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_PATH", "data/loveletter.db")
    settings = load_settings(env_file=None)
    assert settings.database_path == Path("data/loveletter.db")
    assert not settings.old_default_database  # chosen, not guessed: nothing to log
