"""Lobby -> join/leave -> start, reads, and per-game bookkeeping."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from storage import (
    AlreadySeated,
    ChannelBusy,
    Game,
    GameNotFound,
    LobbyFull,
    NotSeated,
    Storage,
    WrongStatus,
)

RunningGame = Callable[..., Awaitable[Game]]


async def test_lobby_join_leave_start(storage: Storage, clock: Any) -> None:
    game = await storage.create_lobby(
        1, 100, "loveletter", "pegasus", 11, options={"target": 4}, timer_seconds=60
    )
    assert (game.status, game.version, game.state, game.seats) == ("lobby", 0, None, ())
    assert game.options == {"target": 4} and game.timer_seconds == 60
    await storage.join(game.id, "11", "Ann", user_id=11)
    await storage.join(game.id, "12", "Bob", user_id=12)
    await storage.join(game.id, "ai-1", "Bot", ai_level="hard")
    await storage.join(game.id, "13", "Cid", user_id=13)
    await storage.leave(game.id, "12")
    seats = (await storage.get_game(game.id)).seats
    assert [(s.seat, s.player_id) for s in seats] == [(0, "11"), (1, "ai-1"), (2, "13")]
    assert seats[1].ai_level == "hard" and seats[1].user_id is None

    clock.now = 2000.0
    started = await storage.start(game.id, '{"initial": true}', turn_deadline=2060.0)
    assert started.status == "running" and started.state == '{"initial": true}'
    assert started.turn_deadline == 2060.0 and started.updated_at == 2000.0
    assert started.created_at == 1000.0
    assert await storage.get_initial_state(game.id) == '{"initial": true}'


async def test_join_refusals(storage: Storage) -> None:
    game = await storage.create_lobby(1, 100, "loveletter", "hobbit", 11)
    await storage.join(game.id, "11", "Ann", user_id=11)
    with pytest.raises(AlreadySeated):
        await storage.join(game.id, "11", "Ann again", user_id=11)
    with pytest.raises(AlreadySeated):
        await storage.join(game.id, "other-id", "Ann again", user_id=11)
    with pytest.raises(ValueError):
        await storage.join(game.id, "x", "Nobody")
    await storage.join(game.id, "12", "Bob", user_id=12, max_seats=2)
    with pytest.raises(LobbyFull):
        await storage.join(game.id, "13", "Cid", user_id=13, max_seats=2)
    with pytest.raises(NotSeated):
        await storage.leave(game.id, "13")
    with pytest.raises(GameNotFound):
        await storage.join(999, "13", "Cid", user_id=13)
    assert [s.player_id for s in (await storage.get_game(game.id)).seats] == ["11", "12"]


async def test_lobby_operations_refused_once_running(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game()
    with pytest.raises(WrongStatus, match="running"):
        await storage.join(game.id, "13", "Cid", user_id=13)
    with pytest.raises(WrongStatus):
        await storage.leave(game.id, "11")
    with pytest.raises(WrongStatus):
        await storage.start(game.id, "{}")


async def test_one_active_game_per_channel(storage: Storage, running_game: RunningGame) -> None:
    game = await running_game(channel_id=100)
    with pytest.raises(ChannelBusy):
        await storage.create_lobby(1, 100, "loveletter", "l5r", 5)
    other = await storage.create_lobby(1, 200, "loveletter", "l5r", 5)  # another channel is fine
    assert (await storage.get_game_in_channel(100)) == await storage.get_game(game.id)
    assert (await storage.get_game_in_channel(200)).id == other.id  # type: ignore[union-attr]
    abandoned = await storage.abandon(game.id)
    assert abandoned.status == "abandoned"
    assert await storage.get_game_in_channel(100) is None
    again = await storage.create_lobby(1, 100, "loveletter", "l5r", 5)
    assert again.id != game.id
    with pytest.raises(WrongStatus):
        await storage.abandon(game.id)


async def test_load_running_games_returns_only_running_with_seats(
    storage: Storage, running_game: RunningGame
) -> None:
    first = await running_game(channel_id=1, users=(11, 12), bots=1)
    second = await running_game(channel_id=2, users=(21, 22, 23))
    await storage.create_lobby(1, 3, "loveletter", "hobbit", 31)
    gone = await running_game(channel_id=4)
    await storage.abandon(gone.id)
    loaded = await storage.load_running_games()
    assert [g.id for g in loaded] == [first.id, second.id]
    assert [s.player_id for s in loaded[0].seats] == ["11", "12", "ai-1"]
    assert [s.player_id for s in loaded[1].seats] == ["21", "22", "23"]
    assert loaded[0] == await storage.get_game(first.id)


async def test_table_message_deadlines_and_seat_bookkeeping(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game(channel_id=1)
    other = await running_game(channel_id=2)
    await storage.set_table_message(game.id, 5555)
    await storage.set_turn_deadline(game.id, 1500.0)
    await storage.set_turn_deadline(other.id, 1400.0)
    await storage.set_dm_status(game.id, "12", "refused")
    await storage.set_seat_timeouts(game.id, "12", 2)
    await storage.set_seat_ai(game.id, "12", "medium")
    loaded = await storage.get_game(game.id)
    assert loaded.table_message_id == 5555 and loaded.turn_deadline == 1500.0
    bob = loaded.seat_of("12")
    assert bob is not None
    assert (bob.dm_status, bob.timeouts_in_a_row, bob.ai_level, bob.user_id) == (
        "refused",
        2,
        "medium",
        12,
    )
    assert [d.game_id for d in await storage.due_deadlines(1450.0)] == [other.id]
    assert [d.game_id for d in await storage.due_deadlines(1500.0)] == [other.id, game.id]
    with pytest.raises(NotSeated):
        await storage.set_dm_status(game.id, "99", "ok")
    with pytest.raises(GameNotFound):
        await storage.set_table_message(999, 1)
    with pytest.raises(GameNotFound):
        await storage.get_game(999)


async def test_every_write_to_a_game_or_its_seats_changes_its_stamp(storage: Storage) -> None:
    """A cache compares (status, version, revision): any change it could hold stale must move
    the stamp (bot/service/games.py relies on it when several processes share a database)."""
    lobby = await storage.create_lobby(1, 7, "loveletter", "pegasus", 11)
    seen = [await storage.stamp(lobby.id)]
    writes = [
        storage.join(lobby.id, "11", "Ann", user_id=11),
        storage.join(lobby.id, "12", "Bob", user_id=12),
        storage.start(lobby.id, "{}"),
        storage.set_dm_status(lobby.id, "11", "refused"),
        storage.set_dm_hint_shown(lobby.id, "11"),
        storage.set_seat_timeouts(lobby.id, "12", 1),
        storage.set_seat_ai(lobby.id, "12", "easy"),
        storage.set_table_message(lobby.id, 99),
        storage.set_turn_deadline(lobby.id, 2000.0, paused=True),
        storage.resume_paused(lobby.id, 0, None),
        storage.save_move(lobby.id, 0, "{}", {"m": 1}, "11"),
    ]
    for write in writes:
        await write
        seen.append(await storage.stamp(lobby.id))
        assert seen[-1] != seen[-2]
    game = await storage.get_game(lobby.id)
    assert seen[-1] == (game.status, game.version, game.revision) == ("running", 1, game.revision)
    await storage.claim(lobby.id, 1, "a", now=1000.0, lease=30.0)  # a claim changes no field
    assert await storage.stamp(lobby.id) == seen[-1]
    assert await storage.stamp(999) is None
