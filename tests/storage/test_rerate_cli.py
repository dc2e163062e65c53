"""`python -m bot db rerate`: a database whose games finished before ratings existed gets the
ratings live play would have given it (SQLite in a real process, and PostgreSQL); a missing
or empty database is bad input: one line, status 2, nothing created. It treats an older
database as `run` does (upgraded, a copy kept, and said) unless a bot runs on it, and waits
for another connection's write lock, saying so, for a bounded time."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import asyncpg
import pytest

from bot import cli
from storage import Storage, check_database, open_storage
from storage.db import schema_version_supported
from storage.postgres.db import SCHEMA_TABLE, pg_migrations, schema_state
from tests.storage.damage import v3_database
from tests.storage.test_ratings import finish

LATEST = schema_version_supported()  # the schema this bot upgrades an older file to

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


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


class _WriteLock:
    """Another connection in a write transaction (an operator's sqlite3 shell), until
    ``release`` (from any thread)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("DELETE FROM user_settings")

    def release(self) -> None:
        self.conn.execute("COMMIT")
        self.conn.close()


@pytest.fixture
def quick_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's busy timeout at 0.3 s instead of 5 s: the same waits, sooner."""
    import storage.db

    monkeypatch.setattr(storage.db, "BUSY_TIMEOUT_MS", 300)


def test_rerate_waits_for_another_connections_write_lock_and_says_so(
    tmp_path: Path, quick_busy: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.db"
    live = asyncio.run(_played_then_forgotten(None, path))
    lock = _WriteLock(path)
    timer = threading.Timer(1.5, lock.release)  # longer than the busy timeout: it waits on
    timer.start()
    try:
        assert cli.main(["db", "--database", str(path), "rerate"]) == 0
    finally:
        timer.join()
    out, err = capsys.readouterr()
    assert out == "rerated 4 finished games\n"
    assert _one_line(err) == (
        f"db rerate: {path} is locked by another connection's write (a sqlite3 shell in a "
        "transaction?); waiting for it, up to 60 s"
    )
    assert asyncio.run(_now(None, path)) == live


def test_rerate_gives_up_on_a_lock_held_past_its_wait_in_one_line(
    tmp_path: Path, quick_busy: None, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    import storage.rerate

    monkeypatch.setattr(storage.rerate, "LOCK_WAIT", 1.0)
    path = tmp_path / "bot.db"
    asyncio.run(_played_then_forgotten(None, path))
    lock = _WriteLock(path)
    try:
        assert cli.main(["db", "--database", str(path), "rerate"]) == 1  # failed while working
    finally:
        lock.release()
    out, err = capsys.readouterr()
    assert out == ""
    waiting, gave_up = err.splitlines()
    assert "waiting for it, up to 1 s" in waiting
    assert gave_up == (
        f"db rerate: {path} stayed locked by another connection's write for over 1 s (a "
        "sqlite3 shell in a transaction?); nothing was rated — end that transaction and run "
        "db rerate again"
    )
    assert asyncio.run(_now(None, path)) == {t: [] for t in TABLES}


def test_rerate_of_an_older_database_upgrades_it_as_run_does_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = v3_database(tmp_path / "v3.db")
    before = path.read_bytes()
    assert cli.main(["db", "rerate", "--database", str(path)]) == 0
    copy = tmp_path / f"v3.db.before-v{LATEST}.bak"
    assert capsys.readouterr().out == (
        f"upgraded {path} from schema version 3 to {LATEST} first, as the bot does when it starts "
        f"(the older file is kept as {copy})\nrerated 8 finished games\n"
    )
    assert check_database(copy).schema_version == 3
    assert sqlite3.connect(copy).execute("SELECT count(*) FROM games").fetchone() == (14,)
    assert check_database(path).schema_version == LATEST
    assert path.read_bytes() != before


def test_rerate_refuses_to_upgrade_an_older_database_a_bot_runs_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The older bot holds the file (storage/sole_process.py); upgraded under it, it would
    serve a schema it does not know."""
    path = v3_database(tmp_path / "v3.db")
    before = path.read_bytes()
    older_bot = subprocess.Popen(
        [sys.executable, "-c", HOLD_FILE, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert older_bot.stdout is not None and older_bot.stdout.readline() == "holding\n"
        assert cli.main(["db", "rerate", "--database", str(path)]) == 2
    finally:
        older_bot.kill()
        older_bot.wait()
    out, err = capsys.readouterr()
    assert out == ""
    assert _one_line(err) == (
        f"db rerate: {path} has schema version 3, older than this bot's {LATEST}, and a bot (an "
        "older version) is running on it: rating would upgrade the file under it; nothing "
        "was changed — stop that bot, start this version (it upgrades the file, keeping a "
        "copy), then run db rerate"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["v3.db"]


HOLD_FILE = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
print("holding", flush=True)
time.sleep(120)
"""


def test_rerate_of_an_empty_file_is_refused_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.db"
    path.write_bytes(b"")
    assert cli.main(["db", "rerate", "--database", str(path)]) == 2
    assert _one_line(capsys.readouterr().err) == (
        f"db rerate: {path} is empty (no tables): it holds no games to rate; nothing was "
        "written (the bot sets the file up when it first starts on it)"
    )
    assert path.read_bytes() == b""
    assert [p.name for p in tmp_path.iterdir()] == ["empty.db"]


async def _pg_tables(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        return (await schema_state(conn))[1]
    finally:
        await conn.close()


async def _pg_schema_7(url: str) -> None:
    """A PostgreSQL database as the bot of schema version 7 left it."""
    conn = await asyncpg.connect(url)
    try:
        for _, sql in pg_migrations()[:7]:
            await conn.execute(sql)
        await conn.execute(
            f"CREATE TABLE {SCHEMA_TABLE} (version INTEGER NOT NULL);"
            f"INSERT INTO {SCHEMA_TABLE} (version) VALUES (7)"
        )
    finally:
        await conn.close()


def test_rerate_on_an_empty_postgres_database_is_refused_and_writes_nothing(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["db", "rerate", "--database-url", pg_url]) == 2
    assert "is empty (no tables): it holds no games to rate" in _one_line(capsys.readouterr().err)
    assert asyncio.run(_pg_tables(pg_url)) == []


def test_rerate_on_an_older_postgres_database_says_it_upgraded_it(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(_pg_schema_7(pg_url))
    assert cli.main(["db", "rerate", "--database-url", pg_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("upgraded the PostgreSQL database postgresql://")
    assert out[0].endswith(
        f"from schema version 7 to {LATEST} first, as the bot does when it starts"
    )
    assert out[1:] == ["rerated 0 finished games"]
    assert "user_locales" in asyncio.run(_pg_tables(pg_url))  # schema 9's
