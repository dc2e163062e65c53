"""`python -m bot db rerate`: a database whose games finished before ratings existed gets the
ratings live play would have given it (SQLite in a real process, and PostgreSQL); a missing
file is bad input: one line, status 2, nothing created."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from storage import Storage, open_storage
from tests.storage.test_ratings import finish

REPO_ROOT = Path(__file__).resolve().parents[2]
TABLES = ("ratings", "rating_history")
GAMES = [
    ({"1": 4, "2": 2, "ai:easy": 1}, "1", "loveletter"),
    ({"2": 4, "3": 4, "1": 0}, "3", "loveletter"),
    ({"1": 0, "2": 0, "3": 0}, None, "adventure"),
    ({"3": 3, "ai:easy": 5, "2": 1, "1": 0}, "ai:easy", "loveletter"),
]


async def _rows(storage: Storage) -> dict[str, list[tuple[object, ...]]]:
    return {
        t: sorted(tuple(r) for r in await storage.fetchall(f"SELECT * FROM {t}")) for t in TABLES
    }


async def _played_then_forgotten(
    url: str | None, path: Path
) -> dict[str, list[tuple[object, ...]]]:
    """Play GAMES live, keep the ratings they gave, then empty the tables (an upgraded
    database: its results are stored, its ratings are not)."""
    storage = await open_storage(url, path)
    try:
        for channel, (tallies, winner, game) in enumerate(GAMES):
            await finish(storage, tallies, winner, game=game, channel=channel)
        live = await _rows(storage)
        async with storage.transaction() as conn:
            for table in reversed(TABLES):
                await conn.execute(f"DELETE FROM {table}")
        return live
    finally:
        await storage.close()


async def _now(url: str | None, path: Path) -> dict[str, list[tuple[object, ...]]]:
    storage = await open_storage(url, path)
    try:
        return await _rows(storage)
    finally:
        await storage.close()


def test_rerate_in_a_real_process_gives_the_live_ratings(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    live = asyncio.run(_played_then_forgotten(None, path))
    assert asyncio.run(_now(None, path)) == {t: [] for t in TABLES}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "db", "--database", str(path), "rerate"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "rerated 4 finished games\n", "")
    assert asyncio.run(_now(None, path)) == live


def test_rerate_on_postgres_gives_the_live_ratings(
    pg_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = asyncio.run(_played_then_forgotten(pg_url, tmp_path / "unused.db"))
    assert cli.main(["db", "--database-url", pg_url, "rerate"]) == 0
    assert capsys.readouterr().out == "rerated 4 finished games\n"
    assert asyncio.run(_now(pg_url, tmp_path / "unused.db")) == live


def test_rerate_of_a_missing_file_is_one_line_and_creates_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "typo.db"
    assert cli.main(["db", "rerate", "--database", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == f"db rerate: there is no database file at {path}\n"
    assert list(tmp_path.iterdir()) == []
