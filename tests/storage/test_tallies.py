"""Leaderboards (filters, columns, orderings, deterministic ties, paging), stats, settings."""

from __future__ import annotations

import pytest

from storage import GameEnd, LeaderboardEntry, Storage

GUILD = 7
GAME = "loveletter"
TALLY = {"hobbit": "crowns", "l5r": "tokens", "pegasus": "hearts"}  # each edition's own word
# Love Letter's board: one "tally" column over the three editions' metrics.
COLUMNS = {
    "tally": ("crowns", "tokens", "hearts"),
    "games_won": ("games_won",),
    "rounds_won": ("rounds_won",),
    "games_played": ("games_played",),
}
TIE_BREAK = ("tally", "games_won", "rounds_won")


async def play(
    storage: Storage,
    channel: int,
    variant: str,
    result: dict[int, tuple[int, int]],
    winner: int,
    guild: int = GUILD,
    game: str = GAME,
) -> None:
    """A finished game: result maps user -> (final tally, rounds won)."""
    users = list(result)
    lobby = await storage.create_lobby(guild, channel, game, variant, users[0])
    for user in users:
        await storage.join(lobby.id, str(user), f"u{user}", user_id=user)
    await storage.start(lobby.id, "{}")
    gains = {str(u): {TALLY[variant]: t, "rounds_won": r} for u, (t, r) in result.items()}
    end = GameEnd((str(winner),), gains, summary={"rounds": sum(r for r, _ in result.values())})
    await storage.save_move(lobby.id, 0, "{}", {}, str(winner), game_end=end)


async def board(
    storage: Storage,
    guild: int = GUILD,
    *,
    variant: str | None = None,
    order_by: str = "tally",
    limit: int = 10,
    offset: int = 0,
) -> list[LeaderboardEntry]:
    return await storage.leaderboard(
        guild,
        GAME,
        variant=variant,
        columns=COLUMNS,
        order_by=order_by,
        tie_break=TIE_BREAK,
        limit=limit,
        offset=offset,
    )


@pytest.fixture
async def season(storage: Storage) -> Storage:
    await play(storage, 1, "pegasus", {1: (3, 2), 2: (1, 1), 3: (1, 1)}, winner=1)
    await play(storage, 2, "pegasus", {2: (3, 3), 3: (0, 0)}, winner=2)
    await play(storage, 3, "hobbit", {4: (6, 5), 5: (2, 2)}, winner=4)
    await play(storage, 4, "hobbit", {1: (2, 2), 3: (5, 4)}, winner=3, guild=99)  # other server
    return storage


def ids(entries: list[LeaderboardEntry]) -> list[int]:
    return [e.user_id for e in entries]


async def test_leaderboard_per_variant_and_overall(season: Storage) -> None:
    pegasus = await board(season, variant="pegasus")
    # user 2 (tally 4) beats user 1 (tally 3); user 3 has tally 1.
    assert ids(pegasus) == [2, 1, 3]
    assert [e.rank for e in pegasus] == [1, 2, 3]
    assert pegasus[0].values == {"tally": 4, "games_won": 1, "rounds_won": 4, "games_played": 2}
    assert ids(await board(season)) == [4, 2, 1, 5, 3]
    assert ids(await board(season, variant="l5r")) == []
    assert ids(await board(season, 99)) == [3, 1]


async def test_leaderboard_order_options(season: Storage) -> None:
    assert ids(await board(season, order_by="rounds_won")) == [4, 2, 1, 5, 3]
    assert ids(await board(season, order_by="games_played"))[:2] == [2, 3]
    assert ids(await board(season, order_by="games_won")) == [4, 2, 1, 5, 3]
    with pytest.raises(ValueError, match="unknown leaderboard column"):
        await board(season, order_by="elo")
    with pytest.raises(ValueError, match="unknown leaderboard column"):
        await season.leaderboard(GUILD, GAME, columns=COLUMNS, order_by="tally", tie_break=["x"])
    with pytest.raises(ValueError, match="sequence of metric names"):
        await season.leaderboard(GUILD, GAME, columns={"tally": "crowns"}, order_by="tally")
    with pytest.raises(ValueError, match="at least one column"):
        await season.leaderboard(GUILD, GAME, columns={}, order_by="tally")


async def test_ties_are_broken_deterministically(storage: Storage) -> None:
    # Users 30, 10, 20 all end with tally 2; 20 needed two games for it, 10 and 30 one each;
    # 30 and 20 won a game, 10 did not.
    await play(storage, 1, "l5r", {30: (2, 1), 10: (2, 1)}, winner=30)
    await play(storage, 2, "l5r", {20: (1, 1), 40: (0, 0)}, winner=20)
    await play(storage, 3, "l5r", {20: (1, 0), 40: (0, 0)}, winner=40)
    first = await board(storage, variant="l5r")
    assert ids(first) == [30, 20, 10, 40]
    assert ids(await board(storage, variant="l5r")) == ids(first)
    # Without tie-breaks: tally, then fewer games played, then the lower user id.
    plain = await storage.leaderboard(GUILD, GAME, columns=COLUMNS, order_by="tally")
    assert ids(plain) == [10, 30, 20, 40]


async def test_leaderboard_paging(season: Storage) -> None:
    full = ids(await board(season, limit=100))
    page2 = await board(season, limit=2, offset=2)
    assert ids(page2) == full[2:4] and [e.rank for e in page2] == [3, 4]
    assert await season.leaderboard_size(GUILD, GAME) == 5
    assert await season.leaderboard_size(GUILD, GAME, variant="hobbit") == 2
    with pytest.raises(ValueError):
        await board(season, limit=0)
    with pytest.raises(ValueError):
        await board(season, offset=-1)


async def test_games_keep_separate_boards_and_their_own_metrics(season: Storage) -> None:
    """Another game's tallies (its own metric names) never show in Love Letter's board."""
    lobby = await season.create_lobby(GUILD, 50, "adventure", "lonely-mountain", 1)
    await season.join(lobby.id, "1", "u1", user_id=1)
    await season.join(lobby.id, "ai", "Bot", ai_level="easy")
    await season.start(lobby.id, "{}")
    end = GameEnd(("ai",), {"1": {"dragons_defeated": 2}, "ai": {"dragons_defeated": 9}})
    await season.save_move(lobby.id, 0, "{}", {}, "1", game_end=end)
    assert ids(await board(season)) == [4, 2, 1, 5, 3]
    assert (await board(season))[2].values["games_played"] == 1
    adventure = await season.leaderboard(
        GUILD, "adventure", columns={"dragons": ("dragons_defeated",)}, order_by="dragons"
    )
    assert [(e.user_id, e.values) for e in adventure] == [(1, {"dragons": 2})]
    stats = await season.stats(GUILD, 1, "adventure")
    assert stats.per_variant == {
        "lonely-mountain": {"dragons_defeated": 2, "games_played": 1, "games_won": 0}
    }


async def test_stats_per_variant(season: Storage) -> None:
    stats = await season.stats(GUILD, 3, GAME)
    assert (stats.guild_id, stats.user_id, stats.game) == (GUILD, 3, GAME)
    assert stats.per_variant == {
        "pegasus": {"games_played": 2, "games_won": 0, "hearts": 1, "rounds_won": 1}
    }
    assert (await season.stats(99, 3, GAME)).per_variant["hobbit"]["crowns"] == 5
    assert (await season.stats(GUILD, 12345, GAME)).per_variant == {}
    assert (await season.stats(GUILD, 3, "adventure")).per_variant == {}


async def test_user_settings_default_and_update(storage: Storage) -> None:
    assert (await storage.get_user_settings(5)).dm_enabled is True
    await storage.set_dm_enabled(5, False)
    assert (await storage.get_user_settings(5)).dm_enabled is False
    assert (await storage.get_user_settings(6)).dm_enabled is True
    await storage.set_dm_enabled(5, True)
    assert (await storage.get_user_settings(5)).dm_enabled is True


async def test_the_pictures_preference_is_stored_per_user_beside_the_dm_setting(
    storage: Storage,
) -> None:
    assert (await storage.get_user_settings(5)).pictures is True  # default: pictures on
    off = await storage.set_pictures(5, False)
    assert off.pictures is False and off.dm_enabled is True
    await storage.set_dm_enabled(5, False)
    both = await storage.get_user_settings(5)
    assert both.pictures is False and both.dm_enabled is False
    assert (await storage.get_user_settings(6)).pictures is True
    assert (await storage.set_pictures(5, True)).pictures is True


async def test_lowest_in_wins_is_each_winners_fastest_win_on_the_server(storage: Storage) -> None:
    """The fewest turns of the games each user won, per server and game; losses never count,
    nor games of another server or another game."""

    async def won(channel: int, winner: int, loser: int, turns: int, **where: object) -> None:
        guild, game = where.get("guild", GUILD), where.get("game", "adventure")
        lobby = await storage.create_lobby(guild, channel, game, "classic", winner)  # type: ignore[arg-type]
        for user in (winner, loser):
            await storage.join(lobby.id, str(user), f"u{user}", user_id=user)
        await storage.start(lobby.id, "{}")
        end = GameEnd((str(winner),), summary={"turns": turns})
        await storage.save_move(lobby.id, 0, "{}", {}, str(winner), game_end=end)

    await won(1, 101, 102, 40)
    await won(2, 101, 102, 25)  # 101's fastest
    await won(3, 102, 101, 60)
    await won(4, 103, 101, 10, guild=GUILD + 1)  # another server
    await won(5, 104, 101, 5, game="othergame")  # another game
    assert await storage.lowest_in_wins(GUILD, "adventure", "turns") == {101: 25, 102: 60}
    assert await storage.lowest_in_wins(GUILD, "adventure", "rounds") == {}
