"""Files the bot must not write to are refused when it opens them, before anything is written:
damaged pages (current schema and older), a folder in the file's place. The file is left
byte-identical and nothing (-wal, -shm, -journal, backup) appears beside it. And before a
migration writes to a good older file, a copy is kept beside it, and its path is logged."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from storage import Storage
from storage.db import schema_version_supported
from storage.errors import DatabaseUnreadable
from tests.storage.damage import (
    beside,
    bot_database,
    scramble_index_page,
    v3_database,
    v3_rows,
    zero_index_pages,
)

DAMAGE = {"random bytes": scramble_index_page, "zeroed pages": zero_index_pages}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=list(DAMAGE))
async def test_a_damaged_bot_database_is_refused_untouched(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = await bot_database(tmp_path / "bot.db")
    damage(path)
    before = path.read_bytes()
    with pytest.raises(DatabaseUnreadable) as refused:
        await Storage.open(path)
    message = str(refused.value)
    assert "\n" not in message
    assert "is damaged" in message and "restore" in message and ".recover" in message
    assert path.read_bytes() == before
    assert beside(path) == []


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=list(DAMAGE))
async def test_a_damaged_older_database_is_not_migrated(
    tmp_path: Path, damage: Callable[[Path], None]
) -> None:
    path = v3_database(tmp_path / "v3.db")
    damage(path)
    before = path.read_bytes()
    with pytest.raises(DatabaseUnreadable, match="is damaged"):
        await Storage.open(path)
    assert path.read_bytes() == before  # not rewritten by the migration
    assert beside(path) == []  # and no backup of a damaged file either


async def test_a_folder_is_named_as_a_folder_not_as_a_damaged_file(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    with pytest.raises(DatabaseUnreadable) as refused:
        await Storage.open(folder)
    message = str(refused.value)
    assert "is a folder, not a database file" in message
    assert str(folder / "tabletop.db") in message
    assert "backup" not in message
    assert list(folder.iterdir()) == []


async def test_an_upgrade_keeps_a_copy_of_the_older_file_and_logs_where(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = v3_database(tmp_path / "v3.db")
    caplog.set_level(logging.INFO)
    storage = await Storage.open(path)
    await storage.close()
    target = schema_version_supported()
    copy = tmp_path / f"v3.db.before-v{target}.bak"
    conn = sqlite3.connect(copy)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
        assert list(conn.iterdump()) == list(v3_rows(Path(":memory:")).iterdump())
        columns = {row[1] for row in conn.execute("PRAGMA table_info(games)")}
        assert "game" not in columns  # the v3 schema: migration 004 added games.game
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
    logged = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert any(str(copy) in line and "before upgrading" in line for line in logged), logged
    assert beside(path) == [copy.name]


async def test_a_second_upgrade_copy_never_overwrites_the_first(tmp_path: Path) -> None:
    path = v3_database(tmp_path / "v3.db")
    target = schema_version_supported()
    first = tmp_path / f"v3.db.before-v{target}.bak"
    first.write_bytes(b"an earlier copy")
    storage = await Storage.open(path)
    await storage.close()
    assert first.read_bytes() == b"an earlier copy"
    second = tmp_path / f"v3.db.before-v{target}.2.bak"
    conn = sqlite3.connect(second)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 3
    finally:
        conn.close()


async def test_a_current_database_gets_no_copy(tmp_path: Path) -> None:
    path = await bot_database(tmp_path / "bot.db")
    storage = await Storage.open(path)
    await storage.close()
    assert beside(path) == []
