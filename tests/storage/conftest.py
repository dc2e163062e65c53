"""Fixtures: a real SQLite file in tmp_path, a controllable clock, a quick way to a running game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from storage import Game, Storage


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


@pytest.fixture(params=["normal", "full"])
async def storage(
    db_path: Path, clock: FakeClock, request: pytest.FixtureRequest
) -> AsyncIterator[Storage]:
    """Every storage test runs in both durability modes: save batches run on the event loop in
    one and on aiosqlite's thread in the other (storage/batching.py)."""
    opened = await Storage.open(db_path, clock=clock, sync=request.param)
    yield opened
    await opened.close()


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
