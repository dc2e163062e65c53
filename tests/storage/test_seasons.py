"""Seasons in storage (migration 011): one open season per server and game, numbered; a game
counts in the season open when it ends, in the same transaction as its result; a season with
a length ends at its end however late the timer finds it; `rerate` rebuilds every season's
tables exactly as the live updates wrote them."""

from __future__ import annotations

import pytest

from storage import Storage
from storage.seasons import SeasonOpen
from tests.storage.test_ratings import GUILD, finish

SEASON_ROWS = (
    "SELECT guild_id, game, season, player_key, mu, sigma, games, wins FROM season_ratings"
    " ORDER BY guild_id, game, season, player_key"
)


async def rows(storage: Storage, sql: str) -> list[tuple[object, ...]]:
    return [tuple(r) for r in await storage.fetchall(sql)]


async def test_one_open_season_per_server_and_game_numbered_in_turn(storage: Storage) -> None:
    first = await storage.start_season(GUILD, "loveletter", 5, 1, 1000.0, None)
    assert first.number == 1 and first.ended_at is None
    with pytest.raises(SeasonOpen):
        await storage.start_season(GUILD, "loveletter", 5, 1, 1001.0, None)
    other = await storage.start_season(GUILD, "adventure", 5, 1, 1001.0, None)
    assert other.number == 1  # each game its own seasons
    ended = await storage.end_season(GUILD, "loveletter", 1, 1100.0)
    assert ended is not None and ended.ended_at == 1100.0
    assert await storage.end_season(GUILD, "loveletter", 1, 1200.0) is None  # once only
    second = await storage.start_season(GUILD, "loveletter", 5, 1, 1300.0, None)
    assert second.number == 2
    assert (await storage.open_season(GUILD, "loveletter")) == second


async def test_games_count_in_the_season_open_when_they_end(storage: Storage, clock) -> None:
    await finish(storage, {"1": 4, "2": 0}, "1")  # before any season: all-time only
    await storage.start_season(GUILD, "loveletter", 5, 1, clock.now, None)
    clock.now += 10
    await finish(storage, {"1": 0, "2": 4}, "2", channel=2)
    clock.now += 10
    await finish(storage, {"2": 4, "3": 1}, "2", channel=3)
    await storage.end_season(GUILD, "loveletter", 1, clock.now)
    clock.now += 10
    await finish(storage, {"1": 4, "3": 0}, "1", channel=4)  # after it: all-time only
    size, best = await storage.standings(GUILD, "loveletter", 1)
    assert size == 3 and best[0].user_id == 2 and best[0].wins == 2
    assert {s.user_id: s.rating.games for s in best} == {1: 1, 2: 2, 3: 1}
    assert await storage.season_games(GUILD, "loveletter", 1) == 2
    alltime = dict(await rows(storage, "SELECT player_key, games FROM ratings"))
    assert alltime == {"u:1": 3, "u:2": 3, "u:3": 2}


async def test_a_season_with_a_length_is_due_and_ends_at_its_end(storage: Storage, clock) -> None:
    await storage.start_season(GUILD, "adventure", 5, 1, clock.now, clock.now + 86400)
    assert await storage.due_season_ends(clock.now + 86399) == []
    clock.now += 90000  # the bot was down when it was due; a game ends before the timer runs
    await finish(storage, {"1": 1, "2": 0}, "1", game="adventure")
    due = await storage.due_season_ends(clock.now)
    assert [s.number for s in due] == [1]
    ended = await storage.end_season(GUILD, "adventure", 1, clock.now)
    assert ended is not None and ended.ended_at == 1000.0 + 86400
    assert await storage.season_games(GUILD, "adventure", 1) == 0  # it ended after the season
    assert await storage.due_season_ends(clock.now) == []


async def test_rerate_rebuilds_the_season_tables_as_the_live_updates_wrote_them(
    storage: Storage, clock
) -> None:
    plays = [
        ({"1": 4, "2": 2, "ai:easy": 1}, "1"),
        ({"2": 4, "3": 4, "1": 0}, "3"),
        ({"3": 3, "ai:easy": 5, "2": 1, "1": 0}, "ai:easy"),
        ({"1": 1, "3": 0}, "1"),
    ]
    for n, (tallies, winner) in enumerate(plays * 3):
        if n % 4 == 0:  # seasons 1, 2 and 3, four games each
            if n:
                await storage.end_season(GUILD, "loveletter", n // 4, clock.now)
            clock.now += 1
            await storage.start_season(GUILD, "loveletter", 5, 1, clock.now, None)
        clock.now += 60
        await finish(storage, tallies, winner, channel=n)
    live = await rows(storage, SEASON_ROWS)
    counted = await rows(storage, "SELECT * FROM season_games ORDER BY game_id")
    assert len(counted) == 12 and {r[3] for r in counted} == {1, 2, 3}
    assert await storage.rerate() == 12
    assert await rows(storage, SEASON_ROWS) == live
    assert await rows(storage, "SELECT * FROM season_games ORDER BY game_id") == counted
