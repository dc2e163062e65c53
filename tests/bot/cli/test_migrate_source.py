"""`db migrate-to-postgres` reads its SQLite source without writing to it and refuses one it
cannot copy (one line, exit status 2), and copies in one transaction with the schema: a copy
PostgreSQL rejects half-way leaves the target empty (no tables), and a retry simply works."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.cli import main
from storage.postgres.db import schema_state
from tests.storage.damage import beside, bot_database, scramble_index_page, v3_database


def _tables(url: str) -> list[str]:
    async def read() -> list[str]:
        conn = await asyncpg.connect(url)
        try:
            return (await schema_state(conn))[1]
        finally:
            await conn.close()

    return asyncio.run(read())


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def _migrate(path: Path, url: str) -> int:
    return main(["db", "migrate-to-postgres", url, "--database", str(path)])


def test_an_empty_source_file_is_refused_and_stays_empty(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.db"
    path.write_bytes(b"")
    assert _migrate(path, pg_url) == 2
    assert "is empty" in _one_line(capsys)
    assert path.read_bytes() == b""
    assert beside(path) == []
    assert _tables(pg_url) == []


def test_a_missing_source_is_one_line(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _migrate(tmp_path / "nothing.db", pg_url) == 2
    assert "nothing.db does not exist or is not a file" in _one_line(capsys)
    assert list(tmp_path.iterdir()) == []
    assert _tables(pg_url) == []


def test_without_database_the_source_is_database_path(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No --database: DATABASE_PATH is the source (it was a TypeError traceback)."""
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "from-settings.db"))
    assert main(["db", "migrate-to-postgres", pg_url]) == 2
    assert "from-settings.db does not exist or is not a file" in _one_line(capsys)
    path = asyncio.run(bot_database(tmp_path / "from-settings.db"))
    assert main(["db", "migrate-to-postgres", pg_url]) == 0
    assert f"copied {path}" in capsys.readouterr().out
    assert "games" in _tables(pg_url)


def test_a_damaged_source_is_refused_untouched(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = asyncio.run(bot_database(tmp_path / "bot.db"))
    scramble_index_page(path)
    before = path.read_bytes()
    assert _migrate(path, pg_url) == 2
    assert "damaged" in _one_line(capsys)
    assert path.read_bytes() == before
    assert beside(path) == []
    assert _tables(pg_url) == []


def test_an_older_source_is_copied_without_being_upgraded_in_place(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = v3_database(tmp_path / "v3.db")
    before = path.read_bytes()
    assert _migrate(path, pg_url) == 0
    assert "games 14" in capsys.readouterr().out
    assert path.read_bytes() == before  # still the v3 file, for the v3 bot
    assert beside(path) == []


def test_a_copy_refused_half_way_leaves_the_target_empty_and_a_retry_works(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game deleted by hand in the sqlite3 shell (foreign keys are off there by default)
    leaves its seats behind: SQLite keeps them, PostgreSQL's foreign key rejects them after
    the games were copied."""
    path = asyncio.run(bot_database(tmp_path / "bot.db"))
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("DELETE FROM games WHERE id = 3")
    conn.close()
    assert _migrate(path, pg_url) == 1
    line = _one_line(capsys)
    assert "PostgreSQL refused the copy" in line and "still empty" in line
    assert _tables(pg_url) == []

    good = asyncio.run(bot_database(tmp_path / "good.db"))
    assert _migrate(good, pg_url) == 0
    assert "games 12" in capsys.readouterr().out
