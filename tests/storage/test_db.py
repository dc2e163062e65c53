"""Opening the database: migrations, PRAGMAs, and refusing files we must not touch."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage import DatabaseUnreadable, ForeignDatabase, SchemaTooNew, Storage
from storage import db as db_module


def _files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir())}


async def test_fresh_database_is_migrated_to_the_latest_version(db_path: Path) -> None:
    assert not db_path.parent.exists()  # the data directory is created on demand
    storage = await Storage.open(db_path)
    try:
        assert await storage.pragma("user_version") == db_module.schema_version_supported()
        assert await storage.pragma("journal_mode") == "wal"
        assert await storage.pragma("foreign_keys") == 1
        assert await storage.pragma("synchronous") == 1  # NORMAL, the default sync mode
        assert await storage.pragma("wal_autocheckpoint") == 0  # storage/wal.py checkpoints
        assert await storage.pragma("busy_timeout") == db_module.BUSY_TIMEOUT_MS
        tables = {r[0] for r in await storage.fetchall("SELECT name FROM sqlite_master")}
        assert {"games", "seats", "moves", "tallies", "results", "user_settings"} <= tables
    finally:
        await storage.close()


async def test_reopening_keeps_data_and_does_not_migrate_again(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    game = await storage.create_lobby(1, 2, "loveletter", "hobbit", 3)
    await storage.close()
    storage = await Storage.open(db_path)
    try:
        stored = await storage.get_game(game.id)
        assert (stored.game, stored.variant) == ("loveletter", "hobbit")
        assert await storage.pragma("user_version") == db_module.schema_version_supported()
    finally:
        await storage.close()


async def test_a_version_1_database_with_a_waiting_turn_upgrades_unpaused_to_the_latest_schema(
    db_path: Path,
) -> None:
    one = [sql for n, sql in db_module.migrations() if n == 1]
    db_path.parent.mkdir(parents=True)
    with sqlite3.connect(db_path) as conn:  # a database written by the first release
        conn.executescript(one[0])
        conn.execute(
            "INSERT INTO games (guild_id, channel_id, edition, options, status, host_id,"
            " timer_seconds, turn_deadline, created_at, updated_at)"
            " VALUES (1, 2, 'l5r', '{}', 'lobby', 3, 300, 1000.5, 0, 0)"
        )
        conn.execute("PRAGMA user_version = 1")
    storage = await Storage.open(db_path)
    try:
        assert await storage.pragma("user_version") == db_module.schema_version_supported()
        game = (await storage.fetchall("SELECT id FROM games"))[0][0]
        stored = await storage.get_game(game)
        assert stored.turn_deadline == 1000.5 and stored.paused is False
        assert (stored.game, stored.variant) == ("loveletter", "l5r")
    finally:
        await storage.close()


async def test_newer_schema_is_refused_and_left_untouched(db_path: Path) -> None:
    storage = await Storage.open(db_path)
    await storage.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = _files(db_path)
    with pytest.raises(SchemaTooNew, match="schema version 99") as caught:
        await Storage.open(db_path)
    assert caught.value.found == 99
    assert caught.value.supported == db_module.schema_version_supported()
    assert _files(db_path) == before


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all\n" * 100, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["text", "bad-header"],
)
async def test_garbage_file_gives_clear_error_and_is_never_overwritten(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "loveletter.db"
    path.write_bytes(content)
    with pytest.raises(DatabaseUnreadable, match="left untouched"):
        await Storage.open(path)
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loveletter.db"]


async def test_directory_in_place_of_the_file_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "db").mkdir()
    with pytest.raises(DatabaseUnreadable, match="directory"):
        await Storage.open(tmp_path / "db")


async def test_someone_elses_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ForeignDatabase):
        await Storage.open(path)
    assert path.read_bytes() == before


def _migration_dir(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "migrations"
    folder.mkdir()
    for name, sql in files.items():
        (folder / name).write_text(sql)
    return folder


async def test_upgrade_applies_only_pending_migrations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = {"001_a.sql": "CREATE TABLE a (x INTEGER);"}
    monkeypatch.setattr(db_module, "MIGRATIONS_DIR", _migration_dir(tmp_path, first))
    storage = await Storage.open(tmp_path / "x.db")
    await storage.fetchall("SELECT 1")
    async with storage.transaction() as conn:
        await conn.execute("INSERT INTO a VALUES (7)")
    await storage.close()

    both = {**first, "002_b.sql": "ALTER TABLE a ADD COLUMN y INTEGER DEFAULT 5;"}
    (tmp_path / "migrations" / "002_b.sql").write_text(both["002_b.sql"])
    storage = await Storage.open(tmp_path / "x.db")
    try:
        assert await storage.pragma("user_version") == 2
        assert [tuple(r) for r in await storage.fetchall("SELECT x, y FROM a")] == [(7, 5)]
    finally:
        await storage.close()


async def test_failing_migration_rolls_back_completely(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {
        "001_a.sql": "CREATE TABLE a (x INTEGER);",
        "002_broken.sql": "CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);",
    }
    monkeypatch.setattr(db_module, "MIGRATIONS_DIR", _migration_dir(tmp_path, files))
    with pytest.raises(sqlite3.OperationalError, match="nowhere"):
        await Storage.open(tmp_path / "x.db")
    with sqlite3.connect(tmp_path / "x.db") as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert "a" in names and "b" not in names


def test_migration_numbering_must_have_no_gaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"001_a.sql": "SELECT 1;", "003_c.sql": "SELECT 1;"}
    monkeypatch.setattr(db_module, "MIGRATIONS_DIR", _migration_dir(tmp_path, files))
    with pytest.raises(RuntimeError, match="without gaps"):
        db_module.migrations()


def test_shipped_migrations_are_numbered_from_one() -> None:
    numbers = [n for n, _ in db_module.migrations()]
    assert numbers == list(range(1, len(numbers) + 1)) and numbers


def test_forgetting_to_close_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    code = (
        "import asyncio, sys\n"
        "from storage import Storage\n"
        "kept = []\n"
        "async def main():\n"
        "    kept.append(await Storage.open(sys.argv[1]))\n"
        "asyncio.run(main())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "x.db")],
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 0, result.stderr
