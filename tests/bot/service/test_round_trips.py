"""Issue 44 item 6: a move on PostgreSQL costs at most 3 round trips to the server, counted at
the connection (storage/postgres/round_trips.py): the stamp read of the click, the save, and
the stamp read of the answer (before: 6, a pool reset after each of the 3 reads and saves),
once the connection has prepared its statements."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

import engine.loveletter as engine
from bot.service import GameService
from storage.postgres import PostgresStorage
from storage.postgres.round_trips import RoundTrips

MOVE_TRIPS = 3  # today's figure: fail if a move takes more


@pytest.fixture
async def counted(pg_url: str) -> AsyncIterator[tuple[GameService, RoundTrips]]:
    trips = RoundTrips()
    storage = await PostgresStorage.open(pg_url, on_connect=trips.attach)
    yield GameService(storage), trips
    await storage.close()


async def test_a_move_and_its_answer_take_three_round_trips(
    counted: tuple[GameService, RoundTrips],
) -> None:
    service, trips = counted
    await service.new_lobby(1, 10, 100, "Ann", "loveletter", "pegasus", {})
    await service.join(10, 101, "Bea")
    game_id = (await service.start(10, 100, rng=random.Random(3))).id
    rng = random.Random(4)
    for n in range(6):
        game, state = await service.running(game_id)
        if state.game_over or not engine.legal_moves(state) or service.is_paused(game):
            break  # a round's end: its pause
        with trips.counting() as click:
            await service.play(game_id, state.actor, rng.choice(engine.legal_moves(state)), None)
            await service.running(game_id)  # the answer: one stamp read
        with trips.counting() as later:
            await service.running(game_id)  # not right after a save: one stamp read
        if n:  # the first prepares each statement on the connection: a Parse round trip more
            assert click[0] <= MOVE_TRIPS and later[0] == 1
