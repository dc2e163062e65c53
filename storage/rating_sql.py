"""The rating update of a finished game, run inside the transaction that saves its result.

One function per driver (sqlite3 on the group-commit thread, asyncpg), both thin around
storage/skill.py. On PostgreSQL the players' rating rows are created if missing and then locked
in key order (SELECT ... FOR UPDATE), so two processes finishing games with the same players
apply both updates, one after the other, and never deadlock. The rating_history primary key
(game_id, player_key) refuses a second rating of the same game: exactly once. The game's
season rating follows in the same transaction (storage/season_sql.py).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from storage.postgres.conn import Connection

from storage.records import GameEnd
from storage.season_sql import rate_season_pg, rate_season_sqlite
from storage.skill import MU, SIGMA, Rating, SeatRow, placings, rate

_SEATS = "SELECT player_id, user_id, ai_level FROM seats WHERE game_id = {} ORDER BY seat"
_UPSERT = (
    "INSERT INTO ratings (guild_id, game, player_key, mu, sigma, games) VALUES ({})"
    " ON CONFLICT (guild_id, game, player_key) DO UPDATE SET mu = excluded.mu,"
    " sigma = excluded.sigma, games = excluded.games"
)
_HISTORY = "INSERT INTO rating_history (game_id, player_key, mu, sigma, finished_at) VALUES ({})"


def new_ratings(
    seats: Sequence[SeatRow], end: GameEnd, current: Mapping[str, Rating]
) -> dict[str, Rating]:
    return rate(seats, placings(seats, end.winners, end.scores), current)


def _rows(
    guild_id: int, game: str, game_id: int, now: float, after: Mapping[str, Rating]
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    ratings = [(guild_id, game, k, r.mu, r.sigma, r.games) for k, r in sorted(after.items())]
    history = [(game_id, k, r.mu, r.sigma, now) for k, r in sorted(after.items())]
    return ratings, history


def rate_game_sqlite(
    conn: sqlite3.Connection, game_id: int, guild_id: int, game: str, end: GameEnd, now: float
) -> None:
    """SQLite: the writer holds the whole database (BEGIN IMMEDIATE), so plain reads suffice."""
    seats = [SeatRow(*row) for row in conn.execute(_SEATS.format("?"), (game_id,))]
    keys = sorted({s.key for s in seats})
    marks = ", ".join("?" * len(keys))
    current = {
        k: Rating(mu, sigma, games)
        for k, mu, sigma, games in conn.execute(
            "SELECT player_key, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND player_key IN ({marks})",
            (guild_id, game, *keys),
        )
    }
    ratings, history = _rows(guild_id, game, game_id, now, new_ratings(seats, end, current))
    conn.executemany(_UPSERT.format("?, ?, ?, ?, ?, ?"), ratings)
    conn.executemany(_HISTORY.format("?, ?, ?, ?, ?"), history)
    rate_season_sqlite(conn, game_id, guild_id, game, seats, end, now)


async def rate_game_pg(
    conn: Connection, game_id: int, guild_id: int, game: str, end: GameEnd, now: float
) -> None:
    """PostgreSQL: create missing rows, lock them in key order, then update."""
    seats = [SeatRow(*row) for row in await conn.fetch(_SEATS.format("$1"), game_id)]
    keys = sorted({s.key for s in seats})
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, player_key, mu, sigma, games)"
        " VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING",
        [(guild_id, game, k, MU, SIGMA) for k in keys],
    )
    locked = await conn.fetch(
        "SELECT player_key, mu, sigma, games FROM ratings WHERE guild_id = $1 AND game = $2"
        " AND player_key = ANY($3::text[]) ORDER BY player_key FOR UPDATE",
        guild_id,
        game,
        keys,
    )
    current = {k: Rating(mu, sigma, games) for k, mu, sigma, games in locked}
    ratings, history = _rows(guild_id, game, game_id, now, new_ratings(seats, end, current))
    await conn.executemany(_UPSERT.format("$1, $2, $3, $4, $5, $6"), ratings)
    await conn.executemany(_HISTORY.format("$1, $2, $3, $4, $5"), history)
    await rate_season_pg(conn, game_id, guild_id, game, seats, end, now)
