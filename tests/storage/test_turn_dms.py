"""Turn DMs and the turns told of (migration 010), on SQLite and PostgreSQL: what is noted is
read back after a reopen, an edit updates the same DM, and a game's rows go with the game."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

from storage import Game, Storage
from storage.turn_dms import TurnDM
from tests.storage.conftest import FakeClock

RunningGame = Callable[..., Awaitable[Game]]
BIG = 1_300_000_000_000_000_000  # Discord ids are past 2**32


async def test_turn_dms_are_noted_edited_and_dropped(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game()
    other = await running_game(channel_id=101)
    assert await storage.turn_dms(game.id) == []
    own = TurnDM("11", BIG + 1, BIG + 10, (3, True), 7, "It's your turn")
    once = TurnDM("12", BIG + 2, BIG + 20, None, 7, "Choose")
    await storage.put_turn_dm(game.id, own)
    await storage.put_turn_dm(game.id, once)
    await storage.put_turn_dm(other.id, TurnDM("11", BIG + 1, BIG + 30, (1, False), 2, "x"))
    assert await storage.turn_dms(game.id) == [own, once]
    edited = TurnDM("11", BIG + 1, BIG + 10, (3, True), 9, "It's your turn, 2 min left")
    await storage.put_turn_dm(game.id, edited)  # the same DM, edited: no second row
    assert await storage.turn_dms(game.id) == [edited, once]
    await storage.drop_turn_dms(game.id, [BIG + 20, BIG + 99])
    assert await storage.turn_dms(game.id) == [edited]
    await storage.drop_turn_dms(game.id, [])
    assert [dm.message_id for dm in await storage.turn_dms(other.id)] == [BIG + 30]


async def test_the_turn_told_of_is_the_latest_and_none_clears_it(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game()
    assert await storage.told_turn(game.id, "11") is None
    await storage.set_told_turn(game.id, "11", (1, True))
    await storage.set_told_turn(game.id, "12", (1, False))
    await storage.set_told_turn(game.id, "11", (2, False))
    assert await storage.told_turn(game.id, "11") == (2, False)
    assert await storage.told_turn(game.id, "12") == (1, False)
    await storage.set_told_turn(game.id, "12", None)
    assert await storage.told_turn(game.id, "12") is None


async def test_forget_turns_clears_only_that_game(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game()
    other = await running_game(channel_id=101)
    for g in (game, other):
        await storage.put_turn_dm(g.id, TurnDM("11", 5, 6 + g.id, (1, True), 1, "t"))
        await storage.set_told_turn(g.id, "11", (1, True))
    await storage.forget_turns(game.id)
    assert await storage.turn_dms(game.id) == []
    assert await storage.told_turn(game.id, "11") is None
    assert len(await storage.turn_dms(other.id)) == 1
    assert await storage.told_turn(other.id, "11") == (1, True)


async def test_turn_dms_survive_a_reopen(db_path: Path, clock: FakeClock) -> None:
    storage = await Storage.open(db_path, clock=clock)
    lobby = await storage.create_lobby(1, 100, "adventure", "standard", 11)
    await storage.join(lobby.id, "11", "ann", user_id=11)
    await storage.join(lobby.id, "12", "bob", user_id=12)
    game = await storage.start(lobby.id, "{}")
    dm = TurnDM("11", BIG, BIG + 1, (1, True), 0, "It's your turn")
    await storage.put_turn_dm(game.id, dm)
    await storage.set_told_turn(game.id, "11", (1, True))
    await storage.close()
    storage = await Storage.open(db_path, clock=clock)
    try:
        assert await storage.turn_dms(game.id) == [dm]
        assert await storage.told_turn(game.id, "11") == (1, True)
    finally:
        await storage.close()
