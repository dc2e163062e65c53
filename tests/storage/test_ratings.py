"""Skill ratings at game end: 2-8 players, ties, a deciding round, AI levels, one rating per
game family, nothing for abandoned games, and `rerate` rebuilding exactly the live ratings."""

from __future__ import annotations

import pytest

from storage import GameEnd, Storage
from storage.skill import MU, Rating

GUILD = 7


async def finish(
    storage: Storage,
    tallies: dict[str, int],
    winner: str | None,
    *,
    game: str = "loveletter",
    variant: str = "hobbit",
    channel: int = 1,
) -> int:
    """A finished game; a player named 'ai:<level>' (or 'ai:<level>#2') sits as that AI, 'N'
    as user N."""
    lobby = await storage.create_lobby(GUILD, channel, game, variant, 1)
    for i, who in enumerate(tallies):
        if who.startswith("ai:"):
            await storage.join(lobby.id, f"p{i}", who, ai_level=who[3:].split("#")[0])
        else:
            await storage.join(lobby.id, f"p{i}", who, user_id=int(who))
    await storage.start(lobby.id, "{}")
    ids = {who: f"p{i}" for i, who in enumerate(tallies)}
    scores = {ids[who]: {"tally": t} for who, t in tallies.items()}
    end = GameEnd((ids[winner],) if winner else (), scores=scores)
    await storage.save_move(lobby.id, 0, "{}", {}, ids[winner or next(iter(ids))], game_end=end)
    return lobby.id


def key(who: str) -> str:
    return who if who.startswith("ai:") else f"u:{who}"


async def table(storage: Storage, game: str = "loveletter") -> dict[str, Rating]:
    rows = await storage.fetchall(
        "SELECT player_key, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?",
        (GUILD, game),
    )
    return {k: Rating(mu, sigma, games) for k, mu, sigma, games in rows}


@pytest.mark.parametrize("players", range(2, 9))
async def test_a_game_of_two_to_eight_rates_everyone_in_finishing_order(
    storage: Storage, players: int
) -> None:
    tallies = {str(10 + i): players - i for i in range(players)}  # 10 wins, 11 second ...
    await finish(storage, tallies, "10")
    after = await table(storage)
    mus = [after[key(who)].mu for who in tallies]
    assert mus == sorted(mus, reverse=True) and len(set(mus)) == players
    assert mus[0] > MU > mus[-1]
    assert all(r.games == 1 for r in after.values()) and len(after) == players


async def test_tied_players_get_the_same_rating(storage: Storage) -> None:
    await finish(storage, {"1": 3, "2": 1, "3": 1, "4": 0}, "1")
    after = await table(storage)
    assert after["u:2"] == after["u:3"]
    assert after["u:1"].mu > after["u:2"].mu > after["u:4"].mu


async def test_a_deciding_round_ranks_its_winner_first_and_the_tied_finalists_next(
    storage: Storage,
) -> None:
    """C-9: 2 and 3 both reached the target (4); 3 won the deciding round."""
    await finish(storage, {"1": 2, "2": 4, "3": 4, "4": 1}, "3")
    after = await table(storage)
    assert after["u:3"].mu > after["u:2"].mu > after["u:1"].mu > after["u:4"].mu


async def test_a_dragon_win_is_a_tie_of_all_hobbits(storage: Storage) -> None:
    await finish(storage, {"1": 0, "2": 0, "3": 0}, None, game="adventure", variant="standard")
    after = await table(storage, "adventure")
    assert len({(r.mu, r.sigma) for r in after.values()}) == 1
    assert all(r.games == 1 for r in after.values())


async def test_ai_levels_are_rated_and_editions_share_one_rating(storage: Storage) -> None:
    await finish(storage, {"1": 3, "ai:easy": 1, "ai:hard": 2}, "1", variant="hobbit")
    await finish(storage, {"1": 0, "ai:easy": 4}, "ai:easy", variant="l5r", channel=2)
    await finish(storage, {"1": 1, "ai:easy": 0}, "1", game="adventure", channel=3)
    loveletter = await table(storage)
    assert loveletter["u:1"].games == 2 and loveletter["ai:easy"].games == 2
    assert loveletter["ai:hard"].games == 1
    assert {k: r.games for k, r in (await table(storage, "adventure")).items()} == {
        "u:1": 1,
        "ai:easy": 1,
    }


async def test_two_seats_of_one_ai_level_count_one_game(storage: Storage) -> None:
    await finish(storage, {"1": 3, "ai:easy": 1, "ai:easy#2": 0}, "1")
    rows = await storage.fetchall("SELECT player_key FROM rating_history ORDER BY player_key")
    assert [r[0] for r in rows] == ["ai:easy", "u:1"]
    after = await table(storage)
    assert after["ai:easy"].games == 1 and after["ai:easy"].mu < MU < after["u:1"].mu


async def test_abandoned_games_change_no_rating(storage: Storage) -> None:
    lobby = await storage.create_lobby(GUILD, 1, "loveletter", "hobbit", 1)
    await storage.join(lobby.id, "a", "a", user_id=1)
    await storage.join(lobby.id, "b", "b", user_id=2)
    await storage.start(lobby.id, "{}")
    await storage.abandon(lobby.id)
    assert await table(storage) == {}
    assert await storage.fetchall("SELECT * FROM rating_history") == []


async def test_rerate_rebuilds_exactly_the_live_ratings(storage: Storage, clock) -> None:
    games = [
        ({"1": 4, "2": 2, "ai:easy": 1}, "1", "loveletter"),
        ({"2": 4, "3": 4, "1": 0}, "3", "loveletter"),
        ({"1": 0, "2": 0}, None, "adventure"),
        ({"3": 3, "ai:easy": 5, "2": 1, "1": 0}, "ai:easy", "loveletter"),
        ({"1": 1, "3": 0}, "1", "adventure"),
    ]
    for channel, (tallies, winner, game) in enumerate(games):
        clock.now += 60
        await finish(storage, tallies, winner, game=game, channel=channel)
    history = "SELECT game_id, player_key, mu, sigma, finished_at FROM rating_history"
    live = (await table(storage), await table(storage, "adventure"))
    live_history = sorted(tuple(r) for r in await storage.fetchall(history))
    assert await storage.rerate() == len(games)
    assert (await table(storage), await table(storage, "adventure")) == live
    assert sorted(tuple(r) for r in await storage.fetchall(history)) == live_history
    assert len(live_history) == 14
