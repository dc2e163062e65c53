"""Finished games of a server, newest first, a page at a time: what `history` lists.

Only finished games: an abandoned or ended game has no result and nothing to look back on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage.db import Database


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One line of a history page: the game, its players in seat order, and who won."""

    game_id: int
    variant: str
    finished_at: float
    players: tuple[str, ...]  # display names, in seat order
    winners: tuple[str, ...]  # display names of the winners
    moves: int


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game one user played: their seat, and the stored result (achievements)."""

    game_id: int
    variant: str
    player_id: str  # the user's seat
    winners: tuple[str, ...]  # player ids
    scores: dict[str, dict[str, int]]
    finished_at: float


class HistoryRepo(Database):
    """Reads over finished games and their results (no writes)."""

    async def finished_games(
        self, guild_id: int, game: str, *, user_id: int | None, offset: int, limit: int
    ) -> tuple[list[FinishedGame], int]:
        """One page of `game`'s finished games in this server (only those `user_id` played
        when given), newest first, and how many there are in all."""
        where = "g.guild_id = ? AND g.game = ? AND g.status = 'finished'"
        params: list[object] = [guild_id, game]
        if user_id is not None:
            where += " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)"
            params.append(user_id)
        total = await self.fetchone(f"SELECT COUNT(*) FROM games g WHERE {where}", params)
        rows = await self.fetchall(
            "SELECT g.id, g.variant, r.finished_at, r.winners, g.version"
            f" FROM games g JOIN results r ON r.game_id = g.id WHERE {where}"
            " ORDER BY r.finished_at DESC, g.id DESC LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
        ids = [int(row[0]) for row in rows]
        names: dict[int, list[tuple[str, str]]] = {i: [] for i in ids}
        if ids:
            marks = ", ".join("?" for _ in ids)
            for game_id, player_id, name in await self.fetchall(
                f"SELECT game_id, player_id, display_name FROM seats WHERE game_id IN ({marks})"
                " ORDER BY game_id, seat",
                ids,
            ):
                names[int(game_id)].append((str(player_id), str(name)))
        page = []
        for game_id, variant, finished_at, winners, version in rows:
            seated = dict(names[int(game_id)])
            won = [seated.get(p, p) for p in _json_list(winners)]
            page.append(
                FinishedGame(
                    int(game_id),
                    str(variant),
                    float(finished_at),
                    tuple(seated.values()),
                    tuple(won),
                    int(version),
                )
            )
        return page, int(total[0]) if total else 0

    async def played_games(self, guild_id: int, user_id: int, game: str) -> list[PlayedGame]:
        """Every finished game of ``game`` this user played in this server, oldest first."""
        rows = await self.fetchall(
            "SELECT g.id, g.variant, s.player_id, r.winners, r.scores, r.finished_at"
            " FROM results r JOIN games g ON g.id = r.game_id JOIN seats s ON s.game_id = g.id"
            " WHERE g.guild_id = ? AND g.game = ? AND s.user_id = ?"
            " ORDER BY r.finished_at, g.id",
            (guild_id, game, user_id),
        )
        return [
            PlayedGame(int(i), str(v), str(p), tuple(json.loads(w)), json.loads(sc), float(at))
            for i, v, p, w, sc, at in rows
        ]


def _json_list(text: str) -> list[str]:
    return [str(x) for x in json.loads(text)]
