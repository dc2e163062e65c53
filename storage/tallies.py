"""Server memory: leaderboards and per-user stats from the lifetime tallies."""

from __future__ import annotations

from typing import Any

from storage.db import Database
from storage.records import LeaderboardEntry, LeaderboardOrder, TallyRow, UserStats

_SUMS = "SUM(tally), SUM(games_played), SUM(games_won), SUM(rounds_won)"
_ORDER_COLUMNS: dict[str, str] = {
    "tally": "SUM(tally) DESC",
    "games_won": "SUM(games_won) DESC",
    "rounds_won": "SUM(rounds_won) DESC",
    "games_played": "SUM(games_played) DESC",
}
# Tie-breakers after the chosen column: more achieved first, then fewer games needed for it,
# then the lower user id, so equal rows always come out in the same order.
_TIE_BREAK = ("tally", "games_won", "rounds_won")


def order_clause(order_by: LeaderboardOrder) -> str:
    if order_by not in _ORDER_COLUMNS:
        raise ValueError(
            f"unknown leaderboard order {order_by!r}; use one of {list(_ORDER_COLUMNS)}"
        )
    keys = [_ORDER_COLUMNS[order_by]]
    keys += [_ORDER_COLUMNS[k] for k in _TIE_BREAK if k != order_by]
    if order_by != "games_played":
        keys.append("SUM(games_played) ASC")
    keys.append("user_id ASC")
    return ", ".join(keys)


class TalliesRepo(Database):
    async def leaderboard(
        self,
        guild_id: int,
        *,
        edition: str | None = None,
        order_by: LeaderboardOrder = "tally",
        limit: int = 10,
        offset: int = 0,
    ) -> list[LeaderboardEntry]:
        """One page of the server's leaderboard, for one edition or summed over all of them."""
        if limit < 1 or offset < 0:
            raise ValueError("limit must be >= 1 and offset >= 0")
        where, params = _filter(guild_id, edition)
        rows = await self.fetchall(
            f"SELECT user_id, {_SUMS} FROM tallies WHERE {where} GROUP BY user_id"
            f" ORDER BY {order_clause(order_by)} LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )
        return [
            LeaderboardEntry(offset + i + 1, TallyRow(row[0], edition, *row[1:]))
            for i, row in enumerate(rows)
        ]

    async def leaderboard_size(self, guild_id: int, *, edition: str | None = None) -> int:
        """How many players the leaderboard has (for paging)."""
        where, params = _filter(guild_id, edition)
        row = await self.fetchone(
            f"SELECT count(DISTINCT user_id) FROM tallies WHERE {where}", params
        )
        return 0 if row is None else int(row[0])

    async def stats(self, guild_id: int, user_id: int) -> UserStats:
        """A user's tallies on this server, per edition and in total (zeros if never played)."""
        rows = await self.fetchall(
            "SELECT edition, tally, games_played, games_won, rounds_won FROM tallies"
            " WHERE guild_id = ? AND user_id = ? ORDER BY edition",
            (guild_id, user_id),
        )
        per_edition = {row[0]: TallyRow(user_id, row[0], *row[1:]) for row in rows}
        total = TallyRow(
            user_id,
            None,
            *(sum(getattr(r, f) for r in per_edition.values()) for f in _STAT_FIELDS),
        )
        return UserStats(guild_id, user_id, total, per_edition)


_STAT_FIELDS = ("tally", "games_played", "games_won", "rounds_won")


def _filter(guild_id: int, edition: str | None) -> tuple[str, tuple[Any, ...]]:
    if edition is None:
        return "guild_id = ?", (guild_id,)
    return "guild_id = ? AND edition = ?", (guild_id, edition)
