"""Tournaments in storage (migration 012), on SQLite and PostgreSQL: sign-ups once each, the
start with round 1's tables, a round moved on once however many look at it, a table's
outcome written once, and the games' status and winners read back for the tables."""

from __future__ import annotations

import pytest

from storage import Storage
from storage.tournaments import AlreadySignedUp
from tests.storage.test_ratings import GUILD, finish


async def test_a_tournament_from_sign_up_to_its_last_round(storage: Storage) -> None:
    t = await storage.create_tournament(
        GUILD, 5, "loveletter", "hobbit", "swiss", 2, 2, False, 9, 1000.0
    )
    again = await storage.create_tournament(
        GUILD, 5, "adventure", "classic", "roundrobin", 2, None, True, 9, 1001.0
    )
    assert (t.id, again.id) == (1, 2) and t.status == "signup" and t.round == 0
    assert again.ai and again.rounds is None
    for user in (11, 12, 13):
        await storage.sign_up(t.id, user, f"u{user}", 1000.0 + user)
    with pytest.raises(AlreadySignedUp):
        await storage.sign_up(t.id, 11, "u11", 1100.0)
    assert await storage.sign_off(t.id, 13) and not await storage.sign_off(t.id, 13)
    assert [e.user_id for e in await storage.entrants(t.id)] == [11, 12]
    first = [((11, 12), 0, None, ())]
    assert await storage.start_tournament(t.id, 2, {11: 3.5, 12: 1.0}, first)
    assert not await storage.start_tournament(t.id, 2, {}, first)  # once
    running = await storage.require_tournament(t.id)
    assert (running.status, running.round, running.rounds) == ("running", 1, 2)
    assert [e.rating for e in await storage.entrants(t.id)] == [3.5, 1.0]
    assert [x.id for x in await storage.running_tournaments()] == [t.id]

    game_id = await finish(storage, {"11": 4, "12": 1}, "11", channel=77)
    await storage.set_table_thread(t.id, 1, 1, 77)
    await storage.set_table_game(t.id, 1, 1, game_id)
    (table,) = await storage.tables(t.id, 1)
    assert (table.thread_id, table.game_id, table.over) == (77, game_id, False)
    read = (await storage.table_games([game_id]))[game_id]
    assert read.status == "finished" and read.winners == ("p0",)
    assert read.seats == (("p0", 11, None), ("p1", 12, None))
    assert await storage.set_table_outcome(t.id, 1, 1, [11], [])
    assert not await storage.set_table_outcome(t.id, 1, 1, [12], [11])  # once
    (table,) = await storage.tables(t.id, 1)
    assert table.winners == (11,) and table.forfeits == ()

    second = [((12, 11), 0, None, ()), ((13,), 0, (13,), ())]
    assert await storage.advance_round(t.id, 1, second)
    assert not await storage.advance_round(t.id, 1, second)  # another process was first
    tables = await storage.tables(t.id)
    assert [(x.round, x.table_no, x.players, x.winners) for x in tables] == [
        (1, 1, (11, 12), (11,)), (2, 1, (12, 11), None), (2, 2, (13,), (13,)),
    ]  # fmt: skip
    assert await storage.withdraw(t.id, 12, 3) and not await storage.withdraw(t.id, 12, 3)
    assert await storage.finish_tournament(t.id, 2)
    assert (await storage.require_tournament(t.id)).status == "finished"
    assert await storage.running_tournaments() == []
    assert [x.id for x in await storage.tournaments_in(GUILD, open_only=True)] == [again.id]
    assert await storage.set_tournament_status(again.id, "cancelled", was=("signup",))
    assert not await storage.set_tournament_status(again.id, "cancelled", was=("signup",))
