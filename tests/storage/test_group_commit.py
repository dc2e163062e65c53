"""Group commit: concurrent saves share one transaction, yet each stays atomic and fails alone."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from storage import Game, GameEnd, NotSeated, StaleVersion, Storage, StorageError, WrongStatus

RunningGame = Callable[..., Awaitable[Game]]


def committed_versions(path: Path) -> dict[int, int]:
    """Versions as another connection sees them: only what was really committed."""
    conn = sqlite3.connect(path)
    try:
        return dict(conn.execute("SELECT id, version FROM games").fetchall())
    finally:
        conn.close()


async def games(running_game: RunningGame, count: int) -> list[Game]:
    return [await running_game(channel_id=100 + n) for n in range(count)]


async def test_concurrent_saves_across_many_games_commit_in_one_batch(
    storage: Storage, running_game: RunningGame, db_path: Path
) -> None:
    many = await games(running_game, 30)
    batches = storage._saves.batches
    versions = await asyncio.gather(
        *(storage.save_move(g.id, 0, f'{{"g": {g.id}}}', {"m": g.id}, "11") for g in many)
    )
    assert versions == [1] * len(many)
    assert storage._saves.batches == batches + 1  # one COMMIT for all thirty
    assert committed_versions(db_path) == {g.id: 1 for g in many}
    for g in many:
        assert (await storage.get_game(g.id)).state == f'{{"g": {g.id}}}'
        assert [m.seq for m in await storage.get_moves(g.id)] == [1]


async def test_a_refused_save_fails_alone_and_the_rest_of_its_batch_commits(
    storage: Storage, running_game: RunningGame, db_path: Path
) -> None:
    ok, stale, ghost_winner, ended = await games(running_game, 4)
    ghost = GameEnd(winners=("x",))  # nobody of that id is seated: refused after the update
    await storage.save_move(stale.id, 0, '{"turn": 1}', {"m": 1}, "11")
    await storage.abandon(ended.id)
    batches = storage._saves.batches
    results = await asyncio.gather(
        storage.save_move(ok.id, 0, '{"ok": 1}', {"m": 1}, "11"),
        storage.save_move(stale.id, 0, '{"stale": 1}', {"m": 2}, "12"),
        storage.save_move(ghost_winner.id, 0, '{"x": 1}', {"m": 3}, "11", game_end=ghost),
        storage.save_move(ended.id, 0, '{"x": 1}', {"m": 4}, "11"),
        storage.save_move(ok.id, 1, '{"ok": 2}', {"m": 5}, "12"),
        return_exceptions=True,
    )
    assert storage._saves.batches == batches + 1
    assert results[0] == 1 and results[4] == 2
    assert isinstance(results[1], StaleVersion) and results[1].actual == 1
    assert isinstance(results[2], NotSeated)
    assert isinstance(results[3], WrongStatus)
    # The refused saves left nothing behind, not even the part written before the refusal.
    assert committed_versions(db_path) == {ok.id: 2, stale.id: 1, ghost_winner.id: 0, ended.id: 0}
    assert (await storage.get_game(stale.id)).state == '{"turn": 1}'
    assert await storage.get_moves(ghost_winner.id) == []
    assert (await storage.get_game(ok.id)).state == '{"ok": 2}'


async def test_saves_to_one_game_in_one_batch_apply_in_order(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game()
    other = await running_game(channel_id=7)
    batches = storage._saves.batches
    results = await asyncio.gather(
        *(storage.save_move(game.id, v, f'{{"turn": {v + 1}}}', {"m": v}, "11") for v in range(5)),
        storage.save_move(other.id, 0, '{"o": 1}', {"m": "o"}, "11"),
        storage.save_move(game.id, 2, '{"late": 1}', {"m": "late"}, "12"),  # stale by then
        return_exceptions=True,
    )
    assert storage._saves.batches == batches + 1
    assert results[:6] == [1, 2, 3, 4, 5, 1]
    assert isinstance(results[6], StaleVersion) and results[6].actual == 5
    moves = await storage.get_moves(game.id)
    assert [(m.seq, m.move) for m in moves] == [(v + 1, f'{{"m": {v}}}') for v in range(5)]
    assert (await storage.get_game(game.id)).state == '{"turn": 5}'


async def test_a_game_end_in_a_batch_writes_its_result_and_tallies(
    storage: Storage, running_game: RunningGame
) -> None:
    game, other = await games(running_game, 2)
    end = GameEnd(("11",), {"11": {"hearts": 2}, "12": {"hearts": 1}}, summary={"rounds": 3})
    await asyncio.gather(
        storage.save_move(game.id, 0, '{"over": true}', {"m": 1}, "11", game_end=end),
        storage.save_move(other.id, 0, '{"turn": 1}', {"m": 1}, "11"),
    )
    result = await storage.get_result(game.id)
    assert result is not None and result.winners == ("11",) and result.summary == {"rounds": 3}
    assert (await storage.stats(1, 12, "loveletter")).per_variant["pegasus"]["hearts"] == 1
    assert (await storage.get_game(game.id)).status == "finished"
    assert (await storage.get_game(other.id)).version == 1


async def test_other_statements_interleave_safely_with_batches(
    storage: Storage, running_game: RunningGame, db_path: Path
) -> None:
    many = await games(running_game, 10)
    outcomes = await asyncio.gather(
        *(storage.save_move(g.id, 0, "{}", {"m": 1}, "11") for g in many),
        storage.create_lobby(1, 999, "loveletter", "hobbit", 5),
        *(storage.get_game(g.id) for g in many),
    )
    assert outcomes[:10] == [1] * 10
    assert committed_versions(db_path)[outcomes[10].id] == 0
    assert all(g.version in (0, 1) for g in outcomes[11:])


async def test_close_finishes_queued_saves_then_refuses_new_ones(
    db_path: Path, running_game: RunningGame, storage: Storage
) -> None:
    many = await games(running_game, 20)
    saves = [asyncio.create_task(storage.save_move(g.id, 0, "{}", {"m": 1}, "11")) for g in many]
    await asyncio.sleep(0)  # queued, not yet committed
    await asyncio.wait_for(storage.close(), timeout=10)
    assert [await s for s in saves] == [1] * len(many)
    assert committed_versions(db_path) == {g.id: 1 for g in many}
    with pytest.raises(StorageError, match="closed"):
        await storage.save_move(many[0].id, 1, "{}", {"m": 2}, "12")
    reopened = await Storage.open(db_path)
    try:
        for g in many:
            assert [m.seq for m in await reopened.get_moves(g.id)] == [1]
    finally:
        await reopened.close()


async def test_a_long_queue_is_split_into_batches_of_at_most_max_batch(
    storage: Storage, running_game: RunningGame, db_path: Path
) -> None:
    many = await games(running_game, 10)
    storage._saves._max_batch = 4
    batches = storage._saves.batches
    versions = await asyncio.gather(
        *(storage.save_move(g.id, 0, "{}", {"m": 1}, "11") for g in many)
    )
    assert versions == [1] * 10
    assert storage._saves.batches == batches + 3  # 4 + 4 + 2
    assert storage._saves.largest_batch == 4
    assert committed_versions(db_path) == {g.id: 1 for g in many}
