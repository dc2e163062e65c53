"""Server memory: leaderboards and per-user stats from the lifetime tallies.

A tally row is one (server, user, game, variant, metric) -> value; the metric names are the
game's own. A leaderboard column is the sum of one or more metrics (e.g. a game's per-variant
score names summed into one "tally" column), so storage needs no knowledge of any game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from storage.db import Database
from storage.records import LeaderboardEntry, UserStats

_PLAYED = "games_played"  # storage's own metric (records.GameEnd): fewer games break ties


def order_clause(columns: Sequence[str], order_by: str, tie_break: Sequence[str]) -> str:
    """ORDER BY for the leaderboard query, whose column i is aliased c{i}: ``order_by`` desc,
    then each tie-break desc, then fewer games played (if it is a column and not the order),
    then the lower user id, so equal rows always come out in the same order."""
    index = {name: i for i, name in enumerate(columns)}
    for name in (order_by, *tie_break):
        if name not in index:
            raise ValueError(f"unknown leaderboard column {name!r}; use one of {list(columns)}")
    keys = [f"c{index[order_by]} DESC"]
    keys += [f"c{index[k]} DESC" for k in dict.fromkeys(tie_break) if k != order_by]
    if _PLAYED in index and order_by != _PLAYED:
        keys.append(f"c{index[_PLAYED]} ASC")
    keys.append("user_id ASC")
    return ", ".join(keys)


def _sums(columns: Mapping[str, Sequence[str]]) -> tuple[str, tuple[str, ...]]:
    """The SELECT list summing each column's metrics, and its parameters (the metric names)."""
    parts: list[str] = []
    params: list[str] = []
    for i, (name, metrics) in enumerate(columns.items()):
        if isinstance(metrics, str) or not metrics:
            raise ValueError(f"leaderboard column {name!r} needs a sequence of metric names")
        marks = ", ".join("?" * len(metrics))
        parts.append(f"SUM(CASE WHEN metric IN ({marks}) THEN value ELSE 0 END) AS c{i}")
        params += metrics
    return ", ".join(parts), tuple(params)


class TalliesRepo(Database):
    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        *,
        variant: str | None = None,
        columns: Mapping[str, Sequence[str]],
        order_by: str,
        tie_break: Sequence[str] = (),
        limit: int = 10,
        offset: int = 0,
    ) -> list[LeaderboardEntry]:
        """One page of the server's leaderboard of ``game``, for one variant or summed over all
        of them. ``columns`` maps each column's name to the metrics summed into it; rows are
        ordered by ``order_by``, then ``tie_break`` (order_clause)."""
        if limit < 1 or offset < 0:
            raise ValueError("limit must be >= 1 and offset >= 0")
        if not columns:
            raise ValueError("a leaderboard needs at least one column")
        names = list(columns)
        order = order_clause(names, order_by, tie_break)
        sums, metric_params = _sums(columns)
        where, params = _filter(guild_id, game, variant)
        rows = await self.fetchall(
            f"SELECT user_id, {sums} FROM tallies WHERE {where} GROUP BY user_id"
            f" ORDER BY {order} LIMIT ? OFFSET ?",
            (*metric_params, *params, limit, offset),
        )
        return [
            LeaderboardEntry(offset + i + 1, row[0], dict(zip(names, row[1:], strict=True)))
            for i, row in enumerate(rows)
        ]

    async def leaderboard_size(
        self, guild_id: int, game: str, *, variant: str | None = None
    ) -> int:
        """How many players the leaderboard has (for paging)."""
        where, params = _filter(guild_id, game, variant)
        row = await self.fetchone(
            f"SELECT count(DISTINCT user_id) FROM tallies WHERE {where}", params
        )
        return 0 if row is None else int(row[0])

    async def stats(self, guild_id: int, user_id: int, game: str) -> UserStats:
        """A user's tallies of ``game`` on this server: variant -> metric -> value (an empty
        dict if they never played it)."""
        rows = await self.fetchall(
            "SELECT variant, metric, value FROM tallies"
            " WHERE guild_id = ? AND user_id = ? AND game = ? ORDER BY variant, metric",
            (guild_id, user_id, game),
        )
        per_variant: dict[str, dict[str, int]] = {}
        for variant, metric, value in rows:
            per_variant.setdefault(variant, {})[metric] = value
        return UserStats(guild_id, user_id, game, per_variant)

    async def lowest_in_wins(self, guild_id: int, game: str, key: str) -> dict[int, int]:
        """Per user, the lowest whole number under `key` in the summaries of the games of
        `game` they won on this server (the fastest win in turns, say); users without such a
        win are absent. Results are read whole (two short JSON columns a game) and reduced
        here, so both SQL dialects run the same statement."""
        rows = await self.fetchall(
            "SELECT r.winner_user_ids, r.summary FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE g.guild_id = ? AND g.game = ?",
            (guild_id, game),
        )
        best: dict[int, int] = {}
        for winners, summary in rows:
            value = json.loads(summary).get(key)
            if not isinstance(value, int) or isinstance(value, bool):
                continue
            for user in json.loads(winners):
                if isinstance(user, int) and value < best.get(user, value + 1):
                    best[user] = value
        return best


def _filter(guild_id: int, game: str, variant: str | None) -> tuple[str, tuple[Any, ...]]:
    if variant is None:
        return "guild_id = ? AND game = ?", (guild_id, game)
    return "guild_id = ? AND game = ? AND variant = ?", (guild_id, game, variant)
