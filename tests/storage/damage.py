"""Real database files for the refusal tests: a bot database with games in it, the v3 fixture
(an older schema), and the damage disks do to them (random bytes over an index page, zeroed
pages), found by page-size arithmetic from the index's root page in sqlite_master."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

from storage import Storage

V3_SQL = Path(__file__).parent / "fixtures" / "v3_database.sql"


async def bot_database(path: Path, games: int = 12) -> Path:
    """A current-schema bot database with `games` lobbies of one seat each, closed (WAL mode,
    no -wal left)."""
    storage = await Storage.open(path)
    for channel in range(games):
        game = await storage.create_lobby(1, 100 + channel, "loveletter", "pegasus", 10 + channel)
        await storage.join(game.id, str(10 + channel), "host", user_id=10 + channel)
    await storage.close()
    return path


def v3_database(path: Path) -> Path:
    """The v3 bot's database (schema version 3), as fixtures/v3_database.sql holds it."""
    v3_rows(path).close()
    return path


def v3_rows(path: Path) -> sqlite3.Connection:
    """The v3 fixture loaded into `path` (":memory:" for a reference), left open."""
    conn = sqlite3.connect(path)
    conn.executescript(V3_SQL.read_text(encoding="utf-8"))
    return conn


def _index_pages(path: Path) -> tuple[int, list[int]]:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
        roots = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND rootpage > 0"
        ).fetchall()
    finally:
        conn.close()
    return size, sorted(int(r[0]) for r in roots)


def _overwrite(path: Path, page: int, size: int, data: bytes) -> None:
    with path.open("r+b") as file:
        file.seek((page - 1) * size)
        file.write(data)


def scramble_index_page(path: Path, seed: int = 1) -> None:
    """Random bytes over the whole root page of the database's first index."""
    size, pages = _index_pages(path)
    rng = random.Random(seed)
    _overwrite(path, pages[0], size, bytes(rng.randrange(256) for _ in range(size)))


def zero_index_pages(path: Path) -> None:
    """Zeros over every index's root page, as a lost write-back leaves them."""
    size, pages = _index_pages(path)
    for page in pages:
        _overwrite(path, page, size, bytes(size))


def beside(path: Path) -> list[str]:
    """Every other name in the file's folder (-wal, -shm, -journal, backups ...)."""
    return sorted(p.name for p in path.parent.iterdir() if p.name != path.name)
