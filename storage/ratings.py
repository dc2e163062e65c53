"""Reading skill ratings, and rebuilding them from the stored results (`db rerate`).

The live update happens at game end (storage/rating_sql.py); this repo only reads it, and its
rebuild replays every stored result in the order the games finished through the same pure
functions (storage/skill.py), so a rebuilt table equals the live one; each season's tables
are rebuilt with them (storage/seasons.py).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from storage.db import Database
from storage.rating_sql import new_ratings
from storage.records import GameEnd
from storage.seasons import rebuild_seasons
from storage.skill import MIN_GAMES, Rating, SeatRow, player_key


class RatingsRepo(Database):
    async def ratings(self, guild_id: int, game: str, keys: Sequence[str]) -> dict[str, Rating]:
        """The ratings of these players (user keys or AI keys); unrated ones are absent."""
        if not keys:
            return {}
        marks = ", ".join("?" * len(keys))
        rows = await self.fetchall(
            "SELECT player_key, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND player_key IN ({marks})",
            (guild_id, game, *keys),
        )
        return {k: Rating(mu, sigma, games) for k, mu, sigma, games in rows}

    async def ai_ratings(self, guild_id: int, game: str) -> dict[str, Rating]:
        """Each AI level with at least MIN_GAMES rated games here: level -> rating."""
        rows = await self.fetchall(
            "SELECT player_key, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
            " AND player_key LIKE 'ai:%' AND games >= ? ORDER BY player_key",
            (guild_id, game, MIN_GAMES),
        )
        return {k[3:]: Rating(mu, sigma, games) for k, mu, sigma, games in rows}

    async def rated_players(
        self, guild_id: int, game: str, *, limit: int = 10, offset: int = 0
    ) -> tuple[int, list[tuple[int, Rating]]]:
        """The rating leaderboard: how many users have MIN_GAMES rated games here, and one page
        of them, best conservative rating (mu - 3 sigma) first."""
        where = "guild_id = ? AND game = ? AND player_key LIKE 'u:%' AND games >= ?"
        params = (guild_id, game, MIN_GAMES)
        size = await self.fetchone(f"SELECT count(*) FROM ratings WHERE {where}", params)
        rows = await self.fetchall(
            f"SELECT player_key, mu, sigma, games FROM ratings WHERE {where}"
            " ORDER BY mu - 3 * sigma DESC, player_key LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        page = [(int(k[2:]), Rating(mu, sigma, games)) for k, mu, sigma, games in rows]
        return (0 if size is None else int(size[0])), page

    async def rating_trail(
        self, guild_id: int, user_id: int, game: str, last: int = 50
    ) -> list[tuple[float, float]]:
        """(mu, sigma) after each of a user's last ``last`` rated games here, oldest first."""
        rows = await self.fetchall(
            "SELECT h.mu, h.sigma FROM rating_history h JOIN games g ON g.id = h.game_id"
            " WHERE h.player_key = ? AND g.guild_id = ? AND g.game = ?"
            " ORDER BY h.finished_at DESC, h.game_id DESC LIMIT ?",
            (player_key(user_id, None), guild_id, game, last),
        )
        return [(mu, sigma) for mu, sigma in reversed(rows)]

    async def rerate(self) -> int:
        """Forget every rating and rate each stored result again, oldest first, in one
        transaction; returns how many games were rated."""
        async with self.transaction() as conn:
            if self.row_lock:  # PostgreSQL: a game ending meanwhile waits, then rates on top
                await conn.execute(
                    "LOCK TABLE ratings, rating_history, season_ratings, season_games"
                    " IN EXCLUSIVE MODE"
                )
            results = list(
                await conn.execute_fetchall(
                    "SELECT r.game_id, g.guild_id, g.game, r.winners, r.scores, r.finished_at"
                    " FROM results r JOIN games g ON g.id = r.game_id"
                    " ORDER BY r.finished_at, r.game_id"
                )
            )
            seat_rows = await conn.execute_fetchall(
                "SELECT game_id, player_id, user_id, ai_level FROM seats ORDER BY game_id, seat"
            )
            seats: dict[int, list[SeatRow]] = {}
            for game_id, *seat in seat_rows:
                seats.setdefault(game_id, []).append(SeatRow(*seat))
            table: dict[tuple[int, str, str], Rating] = {}
            history: list[tuple[object, ...]] = []
            ends: list[tuple[int, int, str, GameEnd, float]] = []
            for game_id, guild_id, game, winners, scores, finished_at in results:
                end = GameEnd(tuple(json.loads(winners)), scores=json.loads(scores))
                players = seats.get(game_id, [])
                ends.append((game_id, guild_id, game, end, finished_at))
                current = {
                    s.key: table[guild_id, game, s.key]
                    for s in players
                    if (guild_id, game, s.key) in table
                }
                for key, rating in new_ratings(players, end, current).items():
                    table[guild_id, game, key] = rating
                    history.append((game_id, key, rating.mu, rating.sigma, finished_at))
            await conn.execute("DELETE FROM rating_history")
            await conn.execute("DELETE FROM ratings")
            await conn.executemany(
                "INSERT INTO ratings (guild_id, game, player_key, mu, sigma, games)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(*where, r.mu, r.sigma, r.games) for where, r in table.items()],
            )
            await conn.executemany(
                "INSERT INTO rating_history (game_id, player_key, mu, sigma, finished_at)"
                " VALUES (?, ?, ?, ?, ?)",
                history,
            )
            await rebuild_seasons(conn, ends, seats)  # the seasons' tables too, same transaction
        return len(results)
