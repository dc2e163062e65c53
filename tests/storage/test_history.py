"""Finished games of a server, newest first, a page at a time (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import GameEnd, Storage
from tests.storage.conftest import FakeClock


@pytest.fixture(params=["sqlite", "postgres"])
async def store(
    tmp_path: Path, clock: FakeClock, request: pytest.FixtureRequest
) -> AsyncIterator[Storage]:
    if request.param == "postgres":
        from storage.postgres import PostgresStorage

        opened: Storage = await PostgresStorage.open(request.getfixturevalue("pg_url"), clock=clock)
    else:
        opened = await Storage.open(tmp_path / "history.db", clock=clock)
    yield opened
    await opened.close()


async def finished(
    storage: Storage,
    clock: FakeClock,
    users: tuple[int, ...],
    *,
    guild_id: int = 1,
    game: str = "loveletter",
    end: bool = True,
) -> int:
    """A game of `users` played one move; it ends (the first user wins) or is abandoned."""
    lobby = await storage.create_lobby(guild_id, 100, game, "pegasus", users[0])
    for user in users:
        await storage.join(lobby.id, str(user), f"user{user}", user_id=user)
    await storage.start(lobby.id, '{"turn": 0}')
    clock.now += 10
    if not end:
        await storage.abandon(lobby.id)
        return lobby.id
    won = GameEnd(winners=(str(users[0]),))
    await storage.save_move(lobby.id, 0, '{"turn": 1}', {"m": 1}, str(users[0]), game_end=won)
    return lobby.id


async def test_finished_games_newest_first_paged_and_per_player(
    store: Storage, clock: FakeClock
) -> None:
    ours = [await finished(store, clock, (11, 12) if i % 2 else (13, 12)) for i in range(7)]
    await finished(store, clock, (11, 12), end=False)  # abandoned: no result, not listed
    await finished(store, clock, (11, 12), game="adventure")  # another game
    await finished(store, clock, (11, 12), guild_id=2)  # another server
    page, total = await store.finished_games(1, "loveletter", user_id=None, offset=0, limit=5)
    assert total == 7
    assert [g.game_id for g in page] == ours[::-1][:5]
    rest, _ = await store.finished_games(1, "loveletter", user_id=None, offset=5, limit=5)
    assert [g.game_id for g in rest] == ours[::-1][5:]
    newest = page[0]
    assert newest.players == ("user13", "user12") and newest.winners == ("user13",)
    assert newest.moves == 1 and newest.variant == "pegasus"
    mine, total = await store.finished_games(1, "loveletter", user_id=11, offset=0, limit=5)
    assert total == 3 and [g.game_id for g in mine] == [ours[5], ours[3], ours[1]]
