"""save_move: one atomic transaction; stale or invalid saves change nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from storage import (
    Game,
    GameEnd,
    GameNotFound,
    NotSeated,
    SeatUpdate,
    StaleVersion,
    Storage,
    WrongStatus,
)

RunningGame = Callable[..., Awaitable[Game]]
Dump = Callable[[], Awaitable[list[Any]]]


async def test_moves_are_logged_in_order_and_bump_the_version(
    storage: Storage, running_game: RunningGame, clock: Any
) -> None:
    game = await running_game(users=(11, 12))
    clock.now = 1100.0
    v1 = await storage.save_move(
        game.id, 0, '{"turn": 1}', {"card": "guard", "guess": 2}, "11", turn_deadline=1400.0
    )
    v2 = await storage.save_move(game.id, v1, '{"turn": 2}', '{"card":"priest"}', "12")
    assert (v1, v2) == (1, 2)
    loaded = await storage.get_game(game.id)
    assert (loaded.state, loaded.version, loaded.turn_deadline) == ('{"turn": 2}', 2, None)
    moves = await storage.get_moves(game.id)
    assert [(m.seq, m.player) for m in moves] == [(1, "11"), (2, "12")]
    assert json.loads(moves[0].move) == {"card": "guard", "guess": 2}
    assert moves[0].created_at == 1100.0
    assert [m.seq for m in await storage.get_moves(game.id, after_seq=1)] == [2]


async def test_stale_version_is_rejected_and_changes_nothing(
    storage: Storage, running_game: RunningGame, dump: Dump
) -> None:
    game = await running_game()
    await storage.save_move(game.id, 0, '{"turn": 1}', {"m": 1}, "11")
    before = await dump()
    with pytest.raises(StaleVersion) as caught:
        await storage.save_move(
            game.id,
            0,
            '{"turn": "other"}',
            {"m": 2},
            "12",
            game_end=GameEnd(("12",), {"12": {"hearts": 1}}, {"12": {"tally": 1}}),
        )
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    assert await dump() == before
    assert (await storage.get_game(game.id)).state == '{"turn": 1}'


async def test_invalid_save_rolls_back_every_part(
    storage: Storage, running_game: RunningGame, dump: Dump
) -> None:
    """An unknown seat fails after the state update: the whole save must vanish."""
    game = await running_game()
    before = await dump()
    refused = [
        GameEnd(winners=("ghost",)),
        GameEnd(("11",), gains={"ghost": {"hearts": 1}}),
        GameEnd(("11",), scores={"ghost": {"tally": 1}}),
    ]
    for end in refused:
        with pytest.raises(NotSeated):
            await storage.save_move(game.id, 0, '{"turn": 1}', {"m": 1}, "11", game_end=end)
    with pytest.raises(NotSeated):
        await storage.save_move(
            game.id, 0, "{}", {}, "11", seat_updates=[SeatUpdate("ghost", timeouts_in_a_row=1)]
        )
    with pytest.raises(TypeError, match="must be an int"):
        await storage.save_move(
            game.id, 0, "{}", {}, "11", game_end=GameEnd(("11",), {"11": {"hearts": 1.5}})
        )
    assert await dump() == before
    assert await storage.get_moves(game.id) == []


async def test_saving_to_a_game_that_is_not_running(
    storage: Storage, running_game: RunningGame
) -> None:
    lobby = await storage.create_lobby(1, 5, "loveletter", "hobbit", 11)
    with pytest.raises(WrongStatus):
        await storage.save_move(lobby.id, 0, "{}", {}, "11")
    with pytest.raises(GameNotFound):
        await storage.save_move(999, 0, "{}", {}, "11")
    game = await running_game()
    await storage.abandon(game.id)
    with pytest.raises(WrongStatus):
        await storage.save_move(game.id, 0, "{}", {}, "11")


async def test_full_game_flow_finishes_with_result_and_tallies(
    storage: Storage, running_game: RunningGame, clock: Any
) -> None:
    game = await running_game(guild_id=7, variant="hobbit", users=(11, 12), bots=1)
    v = await storage.save_move(game.id, 0, '{"r": 1}', {"m": 1}, "11")
    v = await storage.save_move(game.id, v, '{"r": 2}', {"m": 2}, "ai-1")
    v = await storage.save_move(
        game.id,
        v,
        '{"r": 3}',
        {"m": 3},
        "12",
        seat_updates=[SeatUpdate("12", timeouts_in_a_row=2, ai_level="easy")],
    )
    clock.now = 5000.0
    v = await storage.save_move(
        game.id,
        v,
        '{"end": true}',
        {"m": 4},
        "11",
        game_end=GameEnd(
            winners=("11",),
            gains={
                "11": {"crowns": 2, "rounds_won": 2},
                "12": {"crowns": 0, "rounds_won": 0},
                "ai-1": {"crowns": 1, "rounds_won": 1},
            },
            scores={"11": {"tally": 2}, "12": {"tally": 0}, "ai-1": {"tally": 1}},
            summary={"rounds": 3},
        ),
        turn_deadline=9999.0,
    )
    finished = await storage.get_game(game.id)
    assert (finished.status, finished.version, finished.turn_deadline) == ("finished", 4, None)
    bob = finished.seat_of("12")
    assert bob is not None and (bob.timeouts_in_a_row, bob.ai_level) == (2, "easy")
    result = await storage.get_result(game.id)
    assert result is not None
    assert (result.winners, result.winner_user_ids, result.summary, result.finished_at) == (
        ("11",),
        (11,),
        {"rounds": 3},
        5000.0,
    )
    assert result.scores == {"11": {"tally": 2}, "12": {"tally": 0}, "ai-1": {"tally": 1}}
    ann, bob_stats = (
        await storage.stats(7, 11, "loveletter"),
        await storage.stats(7, 12, "loveletter"),
    )
    assert ann.per_variant == {
        "hobbit": {"crowns": 2, "games_played": 1, "games_won": 1, "rounds_won": 2}
    }
    # a loser still gets the row that makes them appear (games_won +0, zero gains kept)
    assert bob_stats.per_variant == {
        "hobbit": {"crowns": 0, "games_played": 1, "games_won": 0, "rounds_won": 0}
    }
    assert await storage.leaderboard_size(7, "loveletter") == 2  # the bot has no row
    assert await storage.leaderboard_size(7, "other-game") == 0
    assert await storage.get_game_in_channel(game.channel_id) is None
    with pytest.raises(WrongStatus):
        await storage.save_move(game.id, v, "{}", {}, "12")


async def test_abandoned_game_changes_no_tallies(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game(guild_id=7)
    await storage.save_move(game.id, 0, "{}", {}, "11")
    await storage.abandon(game.id)
    board = await storage.leaderboard(
        7, "loveletter", columns={"games_played": ("games_played",)}, order_by="games_played"
    )
    assert board == []
    assert (await storage.stats(7, 11, "loveletter")).per_variant == {}
    assert await storage.get_result(game.id) is None


async def test_move_log_is_append_only(storage: Storage, running_game: RunningGame) -> None:
    game = await running_game()
    await storage.save_move(game.id, 0, "{}", {"m": 1}, "11")
    for sql in ("UPDATE moves SET player = 'x'", "DELETE FROM moves"):
        with pytest.raises(storage.integrity_errors, match="append-only"):
            async with storage.transaction() as conn:
                await conn.execute(sql)
    assert [m.player for m in await storage.get_moves(game.id)] == ["11"]


async def test_concurrent_saves_on_one_connection(
    storage: Storage, running_game: RunningGame
) -> None:
    """Two saves from the same version race: exactly one wins; other games are unaffected."""
    game = await running_game(channel_id=1)
    other = await running_game(channel_id=2)
    results = await asyncio.gather(
        storage.save_move(game.id, 0, '{"by": "a"}', {"m": "a"}, "11"),
        storage.save_move(game.id, 0, '{"by": "b"}', {"m": "b"}, "12"),
        storage.save_move(other.id, 0, '{"by": "c"}', {"m": "c"}, "11"),
        return_exceptions=True,
    )
    assert results[2] == 1
    assert sorted(type(r).__name__ for r in results[:2]) == ["StaleVersion", "int"]
    winner = 0 if results[0] == 1 else 1
    stored = await storage.get_game(game.id)
    assert stored.state == ['{"by": "a"}', '{"by": "b"}'][winner]
    assert [m.player for m in await storage.get_moves(game.id)] == [["11", "12"][winner]]
