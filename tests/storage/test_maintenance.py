"""`db check` and `db backup`: the maintenance functions and the CLI around them."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot import cli
from storage import (
    DatabaseUnreadable,
    Game,
    Storage,
    StorageError,
    backup_database,
    check_database,
)
from storage.db import schema_version_supported

RunningGame = Callable[..., Awaitable[Game]]
REPO_ROOT = Path(__file__).resolve().parents[2]


async def test_check_reports_version_integrity_and_counts(
    storage: Storage, running_game: RunningGame, db_path: Path
) -> None:
    live = await running_game(channel_id=1)
    gone = await running_game(channel_id=2)
    await storage.abandon(gone.id)
    await storage.create_lobby(1, 3, "loveletter", "hobbit", 5)
    await storage.save_move(live.id, 0, "{}", {}, "11")
    report = check_database(db_path)  # while the bot's connection is open
    assert report.ok
    assert report.schema_version == schema_version_supported()
    assert report.integrity == ["ok"]
    assert report.games_by_status == {"running": 1, "abandoned": 1, "lobby": 1}
    assert report.moves == 1
    assert "games: lobby 1, running 1, finished 0, abandoned 1" in report.lines()
    assert report.games_by_game == {"loveletter": {"running": 1, "abandoned": 1, "lobby": 1}}
    assert "  loveletter: lobby 1, running 1, finished 0, abandoned 1" in report.lines()


async def test_check_reports_each_game_on_its_own_line(storage: Storage, db_path: Path) -> None:
    await storage.create_lobby(1, 1, "loveletter", "l5r", 5)
    await storage.create_lobby(1, 2, "adventure", "lonely-mountain", 5)
    await storage.abandon((await storage.create_lobby(1, 3, "adventure", "x", 5)).id)
    lines = check_database(db_path).lines()
    at = lines.index("games: lobby 2, running 0, finished 0, abandoned 1")
    assert lines[at + 1 : at + 3] == [
        "  adventure: lobby 1, running 0, finished 0, abandoned 1",
        "  loveletter: lobby 1, running 0, finished 0, abandoned 0",
    ]


def test_check_does_not_create_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnreadable, match="does not exist"):
        check_database(tmp_path / "nope.db")
    assert list(tmp_path.iterdir()) == []


def test_check_of_garbage_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    path.write_bytes(b"garbage" * 500)
    with pytest.raises(DatabaseUnreadable, match="cannot read"):
        check_database(path)
    assert path.read_bytes() == b"garbage" * 500


async def test_check_flags_a_newer_schema(storage: Storage, db_path: Path) -> None:
    await storage.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA user_version = 42")
    conn.close()
    report = check_database(db_path)
    assert not report.ok
    assert any("NEWER" in line for line in report.lines())


async def test_backup_while_open_contains_committed_data(
    storage: Storage, running_game: RunningGame, db_path: Path, tmp_path: Path
) -> None:
    game = await running_game()
    await storage.save_move(game.id, 0, '{"after": 1}', {"m": 1}, "11")
    target = tmp_path / "backups" / "copy.db"
    target.parent.mkdir()  # a backup never makes folders (tests/storage/test_backup_target.py)
    backup_database(db_path, target)
    await storage.save_move(game.id, 1, '{"after": 2}', {"m": 2}, "12")  # still usable
    copy = await Storage.open(target)
    try:
        restored = await copy.get_game(game.id)
        assert (restored.state, restored.version) == ('{"after": 1}', 1)
        assert [m.seq for m in await copy.get_moves(game.id)] == [1]
    finally:
        await copy.close()
    assert not (tmp_path / "backups" / "copy.db.partial").exists()


async def test_backup_refuses_to_overwrite(storage: Storage, db_path: Path, tmp_path: Path) -> None:
    target = tmp_path / "exists.db"
    target.write_bytes(b"precious")
    with pytest.raises(StorageError, match="already exists"):
        backup_database(db_path, target)
    assert target.read_bytes() == b"precious"


async def test_db_cli_check_and_backup(
    storage: Storage,
    running_game: RunningGame,
    db_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    await running_game()
    assert cli.main(["db", "--database", str(db_path), "check"]) == 0
    out = capsys.readouterr().out
    assert "integrity: ok" in out and "running 1" in out and "status: OK" in out
    target = tmp_path / "b.db"
    assert cli.main(["db", "--database", str(db_path), "backup", str(target)]) == 0
    assert "backed up" in capsys.readouterr().out
    assert check_database(target).games_by_status == {"running": 1}
    assert cli.main(["db", "--database", str(db_path), "backup", str(target)]) == 2  # refused
    assert "already exists" in capsys.readouterr().err
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"x" * 2000)
    assert cli.main(["db", "--database", str(garbage), "check"]) == 2  # as `run` refuses it
    assert "cannot read" in capsys.readouterr().err


async def test_python_m_bot_db_check_uses_database_path_setting(
    storage: Storage, db_path: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "DATABASE_PATH": str(db_path)}
    env.pop("DISCORD_TOKEN", None)
    result = subprocess.run(
        [sys.executable, "-m", "bot", "db", "check"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert f"database: {db_path}" in result.stdout
    assert f"schema version {schema_version_supported()}" in result.stdout
