"""Leaderboards (filters, orderings, deterministic ties, paging), stats and user settings."""

from __future__ import annotations

import pytest

from storage import GameEnd, Storage

GUILD = 7


async def play(
    storage: Storage,
    channel: int,
    edition: str,
    result: dict[int, tuple[int, int]],
    winner: int,
    guild: int = GUILD,
) -> None:
    """A finished game: result maps user -> (final tally, rounds won)."""
    users = list(result)
    game = await storage.create_lobby(guild, channel, edition, users[0])
    for user in users:
        await storage.join(game.id, str(user), f"u{user}", user_id=user)
    await storage.start(game.id, "{}")
    winners = [str(u) for u, (_, rounds) in result.items() for _ in range(rounds)]
    await storage.save_move(
        game.id,
        0,
        "{}",
        {},
        len(winners),
        str(winner),
        round_winners=winners,
        game_end=GameEnd(str(winner), len(winners), {str(u): t for u, (t, _) in result.items()}),
    )


@pytest.fixture
async def season(storage: Storage) -> Storage:
    await play(storage, 1, "pegasus", {1: (3, 2), 2: (1, 1), 3: (1, 1)}, winner=1)
    await play(storage, 2, "pegasus", {2: (3, 3), 3: (0, 0)}, winner=2)
    await play(storage, 3, "hobbit", {4: (6, 5), 5: (2, 2)}, winner=4)
    await play(storage, 4, "hobbit", {1: (2, 2), 3: (5, 4)}, winner=3, guild=99)  # other server
    return storage


def ids(entries: list) -> list[int]:  # type: ignore[type-arg]
    return [e.row.user_id for e in entries]


async def test_leaderboard_per_edition_and_overall(season: Storage) -> None:
    pegasus = await season.leaderboard(GUILD, edition="pegasus")
    # user 2 (tally 4) beats user 1 (tally 3); user 3 has tally 1.
    assert ids(pegasus) == [2, 1, 3]
    assert [e.rank for e in pegasus] == [1, 2, 3]
    assert (pegasus[0].row.tally, pegasus[0].row.games_played, pegasus[0].row.edition) == (
        4,
        2,
        "pegasus",
    )
    assert ids(await season.leaderboard(GUILD)) == [4, 2, 1, 5, 3]
    assert ids(await season.leaderboard(GUILD, edition="l5r")) == []
    assert ids(await season.leaderboard(99)) == [3, 1]


async def test_leaderboard_order_options(season: Storage) -> None:
    assert ids(await season.leaderboard(GUILD, order_by="rounds_won")) == [4, 2, 1, 5, 3]
    assert ids(await season.leaderboard(GUILD, order_by="games_played"))[:2] == [2, 3]
    assert ids(await season.leaderboard(GUILD, order_by="games_won")) == [4, 2, 1, 5, 3]
    with pytest.raises(ValueError, match="unknown leaderboard order"):
        await season.leaderboard(GUILD, order_by="elo")  # type: ignore[arg-type]


async def test_ties_are_broken_deterministically(storage: Storage) -> None:
    # Users 30, 10, 20 all end with tally 2; 20 needed two games for it, 10 and 30 one each;
    # 30 and 20 won a game, 10 did not.
    await play(storage, 1, "l5r", {30: (2, 1), 10: (2, 1)}, winner=30)
    await play(storage, 2, "l5r", {20: (1, 1), 40: (0, 0)}, winner=20)
    await play(storage, 3, "l5r", {20: (1, 0), 40: (0, 0)}, winner=40)
    board = await storage.leaderboard(GUILD, edition="l5r")
    assert ids(board) == [30, 20, 10, 40]
    assert ids(await storage.leaderboard(GUILD, edition="l5r")) == ids(board)


async def test_leaderboard_paging(season: Storage) -> None:
    full = ids(await season.leaderboard(GUILD, limit=100))
    page2 = await season.leaderboard(GUILD, limit=2, offset=2)
    assert ids(page2) == full[2:4] and [e.rank for e in page2] == [3, 4]
    assert await season.leaderboard_size(GUILD) == 5
    assert await season.leaderboard_size(GUILD, edition="hobbit") == 2
    with pytest.raises(ValueError):
        await season.leaderboard(GUILD, limit=0)


async def test_stats_per_edition_and_total(season: Storage) -> None:
    stats = await season.stats(GUILD, 3)
    assert set(stats.per_edition) == {"pegasus"}
    assert (stats.total.tally, stats.total.games_played, stats.total.rounds_won) == (1, 2, 1)
    assert stats.total.edition is None
    nobody = await season.stats(GUILD, 12345)
    assert nobody.per_edition == {} and nobody.total.games_played == 0


async def test_user_settings_default_and_update(storage: Storage) -> None:
    assert (await storage.get_user_settings(5)).dm_enabled is True
    await storage.set_dm_enabled(5, False)
    assert (await storage.get_user_settings(5)).dm_enabled is False
    assert (await storage.get_user_settings(6)).dm_enabled is True
    await storage.set_dm_enabled(5, True)
    assert (await storage.get_user_settings(5)).dm_enabled is True
