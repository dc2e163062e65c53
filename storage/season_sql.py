"""A finished game's season rating, run inside the transaction that saves its result and its
all-time rating (storage/rating_sql.py calls these), so a game counts in its season exactly
when it counts at all: once.

The season is the one open at the game's end (started, not ended, not past its length). On
PostgreSQL that season's row is read FOR SHARE, so a manager ending it waits for the game's
commit (the game counts in the season it saw open), and the players' season rows are created
if missing and locked in key order after the all-time rows, the same order in every
transaction: two processes finishing games with the same players never lose an update and
never deadlock. ``season_games``' primary key (game_id) refuses a second count of a game.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from storage.postgres.conn import Connection

from storage.records import GameEnd
from storage.skill import MU, SIGMA, Rating, SeatRow, placings, rate

OPEN_AT = (
    "SELECT number FROM seasons WHERE guild_id = {0} AND game = {1} AND ended_at IS NULL"
    " AND started_at <= {2} AND (ends_at IS NULL OR ends_at > {2})"
)
_UPSERT = (
    "INSERT INTO season_ratings (guild_id, game, season, player_key, mu, sigma, games, wins)"
    " VALUES ({}) ON CONFLICT (guild_id, game, season, player_key) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins"
)
_COUNTED = "INSERT INTO season_games (game_id, guild_id, game, season) VALUES ({})"


def season_rows(
    where: tuple[int, str, int],
    seats: Sequence[SeatRow],
    end: GameEnd,
    current: Mapping[str, tuple[Rating, int]],
) -> list[tuple[Any, ...]]:
    """The season_ratings rows after the game: each key's new rating and wins so far."""
    after = rate(
        seats, placings(seats, end.winners, end.scores), {k: r for k, (r, _) in current.items()}
    )
    winners = {s.key for s in seats if s.player_id in end.winners}
    return [
        (*where, k, r.mu, r.sigma, r.games, current.get(k, (r, 0))[1] + int(k in winners))
        for k, r in sorted(after.items())
    ]


def rate_season_sqlite(
    conn: sqlite3.Connection,
    game_id: int,
    guild_id: int,
    game: str,
    seats: Sequence[SeatRow],
    end: GameEnd,
    now: float,
) -> None:
    row = conn.execute(OPEN_AT.format("?", "?", "?"), (guild_id, game, now, now)).fetchone()
    if row is None:
        return
    season = int(row[0])
    keys = sorted({s.key for s in seats})
    marks = ", ".join("?" * len(keys))
    current = {
        k: (Rating(mu, sigma, games), wins)
        for k, mu, sigma, games, wins in conn.execute(
            "SELECT player_key, mu, sigma, games, wins FROM season_ratings WHERE guild_id = ?"
            f" AND game = ? AND season = ? AND player_key IN ({marks})",
            (guild_id, game, season, *keys),
        )
    }
    conn.execute(_COUNTED.format("?, ?, ?, ?"), (game_id, guild_id, game, season))
    rows = season_rows((guild_id, game, season), seats, end, current)
    conn.executemany(_UPSERT.format("?, ?, ?, ?, ?, ?, ?, ?"), rows)


async def rate_season_pg(
    conn: Connection,
    game_id: int,
    guild_id: int,
    game: str,
    seats: Sequence[SeatRow],
    end: GameEnd,
    now: float,
) -> None:
    season = await conn.fetchval(
        OPEN_AT.format("$1", "$2", "$3") + " FOR SHARE", guild_id, game, now
    )
    if season is None:
        return
    keys = sorted({s.key for s in seats})
    await conn.execute(_COUNTED.format("$1, $2, $3, $4"), game_id, guild_id, game, season)
    await conn.executemany(
        "INSERT INTO season_ratings (guild_id, game, season, player_key, mu, sigma, games, wins)"
        " VALUES ($1, $2, $3, $4, $5, $6, 0, 0) ON CONFLICT DO NOTHING",
        [(guild_id, game, season, k, MU, SIGMA) for k in keys],
    )
    locked = await conn.fetch(
        "SELECT player_key, mu, sigma, games, wins FROM season_ratings WHERE guild_id = $1"
        " AND game = $2 AND season = $3 AND player_key = ANY($4::text[])"
        " ORDER BY player_key FOR UPDATE",
        guild_id,
        game,
        season,
        keys,
    )
    current = {k: (Rating(mu, sigma, games), wins) for k, mu, sigma, games, wins in locked}
    rows = season_rows((guild_id, game, season), seats, end, current)
    await conn.executemany(_UPSERT.format("$1, $2, $3, $4, $5, $6, $7, $8"), rows)
