"""Issue 44 item 6: a move on PostgreSQL costs at most 2 round trips to the server, counted at
the connection (storage/postgres/round_trips.py): the save, and the stamp read of the click
(before: 6, a pool reset after each of the 3 reads and saves), once the connection has
prepared its statements. The read for the click's answer
right after the task's own save is answered by the cache; every other read still asks."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

import engine.loveletter as engine
from bot.service import GameService
from storage.postgres import PostgresStorage
from storage.postgres.round_trips import RoundTrips

MOVE_TRIPS = 2  # today's figure: fail if a move takes more


@pytest.fixture
async def counted(pg_url: str) -> AsyncIterator[tuple[GameService, RoundTrips]]:
    trips = RoundTrips()
    storage = await PostgresStorage.open(pg_url, on_connect=trips.attach)
    yield GameService(storage), trips
    await storage.close()


async def test_a_move_and_its_answer_take_two_round_trips(
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
            await service.running(game_id)  # the answer: the cache, no stamp
        with trips.counting() as later:
            await service.running(game_id)  # not right after a save: one stamp read
        if n:  # the first prepares each statement on the connection: a Parse round trip more
            assert click[0] <= MOVE_TRIPS and later[0] == 1


async def test_only_the_answer_to_its_own_move_skips_the_stamp(pg_url: str) -> None:
    """Another process moves between a click's save and its answer: the answer shows the
    click's own move, and the next read the other process's."""
    first, second = (
        GameService(await PostgresStorage.open(pg_url)),
        GameService(await PostgresStorage.open(pg_url)),
    )

    async def elsewhere() -> None:  # another process: a task, with a context of its own
        game, state = await second.running(game_id)
        await second.play(game_id, state.actor, engine.legal_moves(state)[0], game.version)

    try:
        await first.new_lobby(1, 10, 100, "Ann", "loveletter", "pegasus", {})
        await first.join(10, 101, "Bea")
        game_id = (await first.start(10, 100, rng=random.Random(3))).id
        game, state = await first.running(game_id)
        await first.play(game_id, state.actor, engine.legal_moves(state)[0], game.version)
        await asyncio.create_task(elsewhere())
        answer, _ = await first.running(game_id)
        assert answer.version == 1  # the click's own move
        seen, _ = await first.running(game_id)
        assert seen.version == 2  # every later read asks the database
    finally:
        await first.storage.close()
        await second.storage.close()
