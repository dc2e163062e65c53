"""Two game services on one PostgreSQL database, as two bot processes: neither trusts its cache
over the database, a race has one winner and the loser is told its view is out of date, and
work nobody clicked (an AI turn, the end of a pause) is done once."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator

import pytest

from bot.service import GameService, errors
from bot.service.autoplay import ai_move
from storage.postgres import PostgresStorage

HOST = 100


@pytest.fixture
async def services(pg_url: str) -> AsyncIterator[tuple[GameService, GameService]]:
    first, second = await PostgresStorage.open(pg_url), await PostgresStorage.open(pg_url)
    yield GameService(first), GameService(second)
    await first.close()
    await second.close()


async def start(service: GameService, *, bots: int = 0, humans: int = 3) -> int:
    await service.new_lobby(1, 10, HOST, "Ann", "loveletter", "pegasus", {})
    for i in range(1, humans):
        await service.join(10, HOST + i, f"P{i}")
    for _ in range(bots):
        await service.add_bot(10, HOST, "novice")
    game = await service.start(10, HOST, rng=random.Random(5))
    return int(game.id)


async def one_move(service: GameService, game_id: int, version: int | None = None) -> int:
    game, state = await service.running(game_id)
    player = service.awaiting(game, state)[0]
    decision = service.legal(game, state, player)[0]
    outcome = await service.play(
        game_id, player, decision, game.version if version is None else version
    )
    return outcome.game.version


async def test_a_cached_game_never_hides_a_move_made_elsewhere(
    services: tuple[GameService, GameService],
) -> None:
    a, b = services
    game_id = await start(a)
    await a.load_running()  # a's cache holds version 0
    assert await one_move(b, game_id) == 1
    game, state = await a.running(game_id)
    assert game.version == 1
    _, b_state = await b.running(game_id)
    assert a.engine(game).to_json(state) == b.engine(game).to_json(b_state)
    assert await one_move(a, game_id) == 2  # and a plays on from there


async def test_of_two_processes_clicking_the_same_view_one_wins(
    services: tuple[GameService, GameService],
) -> None:
    a, b = services
    game_id = await start(a)
    game, state = await a.running(game_id)
    player = a.awaiting(game, state)[0]
    decision = a.legal(game, state, player)[0]
    results = await asyncio.gather(
        a.play(game_id, player, decision, 0), b.play(game_id, player, decision, 0),
        return_exceptions=True,
    )  # fmt: skip
    stale = [r for r in results if isinstance(r, errors.StaleView)]
    assert len(stale) == 1 and "out of date" in str(stale[0])
    assert len(await a.storage.get_moves(game_id)) == 1
    for service in (a, b):  # the loser's next read is the winner's state
        assert (await service.running(game_id))[0].version == 1


async def test_an_ai_turn_is_played_by_one_process(
    services: tuple[GameService, GameService],
) -> None:
    a, b = services
    game_id = await start(a, humans=1, bots=2)
    while True:  # the host plays until an AI is to move
        game, state = await a.running(game_id)
        if a.awaiting(game, state)[0].startswith("ai"):
            break
        await one_move(a, game_id)
    assert game.turn_deadline is not None  # shared database: an AI turn has a backstop
    played = await asyncio.gather(
        ai_move(a, game_id, game.version, random.Random(1)),
        ai_move(b, game_id, game.version, random.Random(2)),
    )
    assert sum(p is not None for p in played) == 1
    assert len(await a.storage.get_moves(game_id)) == game.version + 1


async def test_a_pause_is_ended_by_one_process(
    services: tuple[GameService, GameService],
) -> None:
    a, b = services
    a.pause_seconds = b.pause_seconds = 15
    game_id = await start(a)
    while not (game := (await a.running(game_id))[0]).paused:  # to the first round's end
        await one_move(a, game_id)
    ended = await asyncio.gather(
        a.end_pause(game_id, game.version, None), b.end_pause(game_id, game.version, None)
    )
    assert sum(e is not None for e in ended) == 1
    stored = await a.storage.get_game(game_id)
    assert not stored.paused and stored.version == game.version
