"""Bulk seeding of running games, for the start-up benchmark (one transaction, executemany)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.db import Database


async def seed_running_games(
    db: Database,
    count: int,
    *,
    game: str,
    variant: str,
    state: str,
    players: Sequence[str],
    guild_id: int = 1,
    first_channel_id: int = 1_000_000,
    ai_level: str | None = "easy",
) -> None:
    """Insert `count` running games (one per channel) with seats named after `players`: AI
    seats of `ai_level`, or with None people's (user ids from 1 up, as a Discord id is)."""
    now = db.clock()
    async with db.transaction() as conn:
        cursor = await conn.execute("SELECT coalesce(max(id), 0) FROM games")
        row = await cursor.fetchone()
        first_id = int(row[0]) + 1 if row else 1
        ids = range(first_id, first_id + count)
        await conn.executemany(
            "INSERT INTO games (id, guild_id, channel_id, game, variant, options, status,"
            " initial_state, state, version, host_id, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, '{}', 'running', ?, ?, 0, 0, ?, ?)",
            [
                (game_id, guild_id, first_channel_id + n, game, variant, state, state, now, now)
                for n, game_id in enumerate(ids)
            ],
        )
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, player_id, user_id, ai_level, display_name)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (g, s, p, None if ai_level else g * len(players) + s, ai_level, p)
                for g in ids
                for s, p in enumerate(players)
            ],
        )
