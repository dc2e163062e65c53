"""Seasons (migration 011): starting and ending one, finding those due to end, a season's
standings, and rebuilding every season's tables from the stored results (`db rerate`).

A season of a server's game holds the games that ended while it was open: from its start to
its end (a manager's, or its length's: a due season ends at its ``ends_at``, however late the
timer finds it, so the games it holds do not depend on when the bot was running). Rebuilding
places each stored result by that rule, the same one the live update applies at game end
(storage/season_sql.py), so a rebuilt table equals the live one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from storage.db import Database
from storage.errors import StorageError
from storage.records import GameEnd
from storage.season_sql import season_rows
from storage.skill import Rating, SeatRow

COLUMNS = "guild_id, game, number, channel_id, started_by, started_at, ends_at, ended_at"


class SeasonOpen(StorageError):
    """A season of this game is open here already."""


@dataclass(frozen=True, slots=True)
class Season:
    guild_id: int
    game: str
    number: int
    channel_id: int
    started_by: int
    started_at: float
    ends_at: float | None  # None: until a manager ends it
    ended_at: float | None  # None: open

    def holds(self, finished_at: float) -> bool:
        """Did a game that finished then count in this season?"""
        # As the live update decides: open (a manager's end is after the game's commit) and
        # not past its length (ends_at itself is past it).
        return (
            self.started_at <= finished_at
            and finished_at < (math.inf if self.ends_at is None else self.ends_at)
            and finished_at <= (math.inf if self.ended_at is None else self.ended_at)
        )


@dataclass(frozen=True, slots=True)
class Standing:
    user_id: int
    rating: Rating
    wins: int


def _season(row: Sequence[Any]) -> Season:
    return Season(
        int(row[0]), str(row[1]), int(row[2]), int(row[3]), int(row[4]), float(row[5]),
        None if row[6] is None else float(row[6]), None if row[7] is None else float(row[7]),
    )  # fmt: skip


class SeasonsRepo(Database):
    async def start_season(
        self,
        guild_id: int,
        game: str,
        channel_id: int,
        user_id: int,
        now: float,
        ends_at: float | None,
    ) -> Season:
        """Open the next season; SeasonOpen if one is open (the unique index decides a race)."""
        try:
            async with self.transaction() as conn:
                rows = await conn.execute_fetchall(
                    "SELECT coalesce(max(number), 0) FROM seasons WHERE guild_id = ? AND game = ?",
                    (guild_id, game),
                )
                number = int(next(iter(rows))[0]) + 1
                season = Season(guild_id, game, number, channel_id, user_id, now, ends_at, None)
                await conn.execute(
                    f"INSERT INTO seasons ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, game, number, channel_id, user_id, now, ends_at, None),
                )
        except self.integrity_errors as exc:
            raise SeasonOpen(f"a season of {game} is open in server {guild_id}") from exc
        return season

    async def open_season(self, guild_id: int, game: str) -> Season | None:
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND game = ? AND ended_at IS NULL",
            (guild_id, game),
        )
        return _season(rows[0]) if rows else None

    async def season(self, guild_id: int, game: str, number: int) -> Season | None:
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND game = ? AND number = ?",
            (guild_id, game, number),
        )
        return _season(rows[0]) if rows else None

    async def latest_season(self, guild_id: int, game: str) -> Season | None:
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND game = ?"
            " ORDER BY number DESC LIMIT 1",
            (guild_id, game),
        )
        return _season(rows[0]) if rows else None

    async def end_season(self, guild_id: int, game: str, number: int, now: float) -> Season | None:
        """End the open season ``number`` (at its ``ends_at`` if that has passed); None if it
        is not open (ended meanwhile, maybe by another process: only one caller gets it)."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE seasons SET ended_at = CASE WHEN ends_at IS NOT NULL AND ends_at < ?"
                " THEN ends_at ELSE ? END WHERE guild_id = ? AND game = ? AND number = ?"
                " AND ended_at IS NULL",
                (now, now, guild_id, game, number),
            )
            if cursor.rowcount != 1:
                return None
            rows = await conn.execute_fetchall(
                f"SELECT {COLUMNS} FROM seasons WHERE guild_id = ? AND game = ? AND number = ?",
                (guild_id, game, number),
            )
        return _season(next(iter(rows)))

    async def due_season_ends(self, now: float) -> list[Season]:
        """Open seasons whose length has run out, in every server: the timer ends them."""
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM seasons WHERE ended_at IS NULL AND ends_at IS NOT NULL"
            " AND ends_at <= ? ORDER BY ends_at",
            (now,),
        )
        return [_season(r) for r in rows]

    async def standings(
        self, guild_id: int, game: str, number: int, *, limit: int = 10
    ) -> tuple[int, list[Standing]]:
        """How many players played in the season, and its best ``limit``: best conservative
        rating first (every rated player counts: a season is short)."""
        where = "guild_id = ? AND game = ? AND season = ? AND player_key LIKE 'u:%'"
        params = (guild_id, game, number)
        size = await self.fetchall(f"SELECT count(*) FROM season_ratings WHERE {where}", params)
        rows = await self.fetchall(
            f"SELECT player_key, mu, sigma, games, wins FROM season_ratings WHERE {where}"
            " ORDER BY mu - 3 * sigma DESC, player_key LIMIT ?",
            (*params, limit),
        )
        page = [Standing(int(k[2:]), Rating(mu, sigma, g), int(w)) for k, mu, sigma, g, w in rows]
        return int(size[0][0]), page

    async def season_standing(
        self, guild_id: int, game: str, number: int, user_id: int
    ) -> Standing | None:
        """One user's rating, games and wins in the season (None: no game in it yet)."""
        rows = await self.fetchall(
            "SELECT mu, sigma, games, wins FROM season_ratings WHERE guild_id = ? AND game = ?"
            " AND season = ? AND player_key = ?",
            (guild_id, game, number, f"u:{user_id}"),
        )
        if not rows:
            return None
        mu, sigma, games, wins = next(iter(rows))
        return Standing(user_id, Rating(mu, sigma, games), int(wins))

    async def season_games(self, guild_id: int, game: str, number: int) -> int:
        rows = await self.fetchall(
            "SELECT count(*) FROM season_games WHERE guild_id = ? AND game = ? AND season = ?",
            (guild_id, game, number),
        )
        return int(rows[0][0])


async def rebuild_seasons(
    conn: Any,
    results: Sequence[tuple[int, int, str, GameEnd, float]],
    seats: Mapping[int, Sequence[SeatRow]],
) -> None:
    """Inside `db rerate`'s transaction: forget the season tables and rate every stored
    result again in its season. ``results``: (game id, guild, game, end, finished at),
    oldest first."""
    seasons: dict[tuple[int, str], list[Season]] = {}
    for row in await conn.execute_fetchall(f"SELECT {COLUMNS} FROM seasons ORDER BY number"):
        season = _season(row)
        seasons.setdefault((season.guild_id, season.game), []).append(season)
    table: dict[tuple[int, str, int], dict[str, tuple[Rating, int]]] = {}
    counted: list[tuple[int, int, str, int]] = []
    for game_id, guild_id, game, end, finished_at in results:
        found = [s for s in seasons.get((guild_id, game), ()) if s.holds(finished_at)]
        if not found:
            continue
        where = (guild_id, game, found[0].number)
        current = table.setdefault(where, {})
        for row in season_rows(where, seats.get(game_id, []), end, current):
            current[row[3]] = (Rating(row[4], row[5], row[6]), row[7])
        counted.append((game_id, *where))
    await conn.execute("DELETE FROM season_games")
    await conn.execute("DELETE FROM season_ratings")
    await conn.executemany(
        "INSERT INTO season_games (game_id, guild_id, game, season) VALUES (?, ?, ?, ?)", counted
    )
    await conn.executemany(
        "INSERT INTO season_ratings (guild_id, game, season, player_key, mu, sigma, games, wins)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (*where, key, r.mu, r.sigma, r.games, wins)
            for where, players in table.items()
            for key, (r, wins) in players.items()
        ],
    )
