"""By default every move the bot acknowledged survives a crash of the PostgreSQL server itself
(``pg_ctl stop -m immediate``): a save returns only after the server flushed its WAL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from storage.postgres import PostgresStorage
from storage.postgres.tempserver import ServerMissing, TempServer

MOVES = 60


@pytest.fixture
def durable_server() -> Iterator[TempServer]:
    """A server of its own (fsync on, as in production), so crashing it touches no other test."""
    try:
        server = TempServer(durable=True)
    except ServerMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    server.start()
    yield server
    server.stop()


async def test_acknowledged_moves_survive_a_crash_of_the_server(
    durable_server: TempServer,
) -> None:
    url = durable_server.url()
    storage = await PostgresStorage.open(url)  # the default DATABASE_SYNC
    games = []
    for n in range(3):
        lobby = await storage.create_lobby(1, 100 + n, "loveletter", "pegasus", 11)
        for user in (11, 12):
            await storage.join(lobby.id, str(user), f"user{user}", user_id=user)
        games.append(await storage.start(lobby.id, '{"turn": 0}'))
    acknowledged: dict[int, int] = {g.id: 0 for g in games}
    for n in range(MOVES):
        game = games[n % len(games)]
        version = acknowledged[game.id]
        acknowledged[game.id] = await storage.save_move(
            game.id, version, f'{{"turn": {version + 1}}}', {"n": n}, "11"
        )
    durable_server.crash()  # right after the last save returned, as players saw it
    await storage.close()
    durable_server.restart()

    reopened = await PostgresStorage.open(url)
    try:
        for game_id, version in acknowledged.items():
            stored = await reopened.get_game(game_id)
            moves = await reopened.get_moves(game_id)
            assert (stored.version, len(moves)) == (version, version)
    finally:
        await reopened.close()
