"""Fixtures: a real SQLite file in tmp_path (or a database on a real PostgreSQL server), a
controllable clock, a quick way to a running game.

The `storage` fixture runs each test on SQLite in both durability modes and, for the modules
in BOTH_BACKENDS (the storage suite proper), on PostgreSQL too. The other modules test
SQLite's own machinery (group commit, WAL, PRAGMAs, the file) and keep to SQLite.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from storage import Game, Storage

BOTH_BACKENDS = {
    "test_games.py",
    "test_moves.py",
    "test_tallies.py",
    "test_claims.py",
    "test_ratings.py",
    "test_languages.py",
    "test_turn_dms.py",
    "test_seasons.py",
    "test_tournaments.py",
}
TABLES = ("games", "seats", "moves", "results", "tallies", "user_settings")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect (visibly: pytest counts them) PostgreSQL variants outside BOTH_BACKENDS."""
    keep, dropped = [], []
    for item in items:
        param = getattr(getattr(item, "callspec", None), "params", {}).get("storage")
        if param == "postgres" and item.path.name not in BOTH_BACKENDS:
            dropped.append(item)
        else:
            keep.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


class FakeClock:
    """Deterministic time: starts at 1000.0 and moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "loveletter.db"


@pytest.fixture(params=["normal", "full", "postgres"])
async def storage(
    db_path: Path, clock: FakeClock, request: pytest.FixtureRequest
) -> AsyncIterator[Storage]:
    """Every storage test runs in both durability modes: save batches run on the event loop in
    one and on aiosqlite's thread in the other (storage/batching.py); and on PostgreSQL."""
    opened: Storage
    if request.param == "postgres":
        from storage.postgres import PostgresStorage

        opened = await PostgresStorage.open(request.getfixturevalue("pg_url"), clock=clock)
    else:
        opened = await Storage.open(db_path, clock=clock, sync=request.param)
    yield opened
    await opened.close()


Dump = Callable[[], Awaitable[list[Any]]]


@pytest.fixture
def dump(storage: Storage, db_path: Path) -> Dump:
    """Every committed row of every table, read apart from the storage under test."""

    async def rows() -> list[Any]:
        if storage.shared:
            return [
                (table, tuple(row))
                for table in TABLES
                for row in await storage.fetchall(f"SELECT * FROM {table} ORDER BY 1, 2")
            ]
        conn = sqlite3.connect(db_path)
        try:
            return list(conn.iterdump())
        finally:
            conn.close()

    return rows


RunningGame = Callable[..., Awaitable[Game]]


@pytest.fixture
def running_game(storage: Storage) -> RunningGame:
    """Factory: a started game in `channel` with human seats for `users` (+ optional bots)."""

    async def make(
        *,
        guild_id: int = 1,
        channel_id: int = 100,
        game: str = "loveletter",
        variant: str = "pegasus",
        users: tuple[int, ...] = (11, 12),
        bots: int = 0,
        state: str = '{"turn": 0}',
    ) -> Game:
        lobby = await storage.create_lobby(guild_id, channel_id, game, variant, users[0])
        for user in users:
            await storage.join(lobby.id, str(user), f"user{user}", user_id=user)
        for n in range(1, bots + 1):
            await storage.join(lobby.id, f"ai-{n}", f"Bot {n}", ai_level="easy")
        return await storage.start(lobby.id, state)

    return make
