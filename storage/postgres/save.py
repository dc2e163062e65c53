"""One move save on PostgreSQL: state, log entry and version check in one transaction.

The UPDATE's ``WHERE version = $n`` is the database-level guarantee that of two processes
saving a move of the same game from the same version exactly one wins: the second UPDATE
waits for the first transaction, re-reads the row, finds the version moved on and changes
nothing, and that save raises StaleVersion. Game ends write results and tallies in the same
transaction. No group commit here: the pool runs saves of different games side by side, and
PostgreSQL itself lets concurrent COMMITs share one WAL flush (storage/postgres/db.py).
"""

from __future__ import annotations

import json
from typing import NoReturn

import asyncpg

from storage.batching import StorageClosed
from storage.errors import GameNotFound, NotSeated, StaleVersion, WrongStatus
from storage.postgres.conn import Connection
from storage.rating_sql import rate_game_pg
from storage.records import GameEnd
from storage.save_sql import SaveRequest, gains_of


class PgSaves:
    """The save path MovesRepo.save_move calls (the SQLite one is storage/batching.py)."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._closed = False
        self.batches = 0  # committed transactions, for benchmarks

    async def save(self, request: SaveRequest) -> int:
        if self._closed:
            raise StorageClosed("storage is closed; the move was not saved")
        async with self._pool.acquire() as conn:
            if request.game_end is None and not request.seat_updates:
                version = await plain_save(conn, request)  # most moves: one round trip
            else:
                async with conn.transaction():
                    version = await apply_save(conn, request)
        self.batches += 1
        return version

    async def close(self) -> None:
        """Refuse new saves; the pool's close waits for those under way."""
        self._closed = True


async def plain_save(conn: Connection, r: SaveRequest) -> int:
    """A move that neither ends the game nor changes a seat: the versioned UPDATE and the log
    entry in ONE statement (a statement is its own transaction: both or neither)."""
    new_version = r.expected_version + 1
    seq = await conn.fetchval(
        "WITH moved AS (UPDATE games SET state = $1, version = $2, turn_deadline = $3,"
        " paused = $4, updated_at = $5, revision = revision + 1"
        " WHERE id = $6 AND version = $7 AND status = 'running' RETURNING id)"
        " INSERT INTO moves (game_id, seq, player, move, created_at)"
        " SELECT id, $2, $8, $9, $5 FROM moved RETURNING seq",
        r.new_state,
        new_version,
        r.turn_deadline,
        int(r.paused and r.turn_deadline is not None),
        r.now,
        r.game_id,
        r.expected_version,
        r.player,
        r.move_json,
    )
    if seq is None:
        await _explain_refusal(conn, r.game_id, r.expected_version)
    return new_version


async def apply_save(conn: Connection, r: SaveRequest) -> int:
    new_version = r.expected_version + 1
    deadline = None if r.game_end else r.turn_deadline
    updated = await conn.fetchrow(
        "UPDATE games SET state = $1, version = $2, turn_deadline = $3, paused = $4,"
        " updated_at = $5, revision = revision + 1 WHERE id = $6 AND version = $7"
        " AND status = 'running' RETURNING guild_id, game, variant",
        r.new_state,
        new_version,
        deadline,
        int(r.paused and deadline is not None),
        r.now,
        r.game_id,
        r.expected_version,
    )
    if updated is None:
        await _explain_refusal(conn, r.game_id, r.expected_version)
    await conn.execute(
        "INSERT INTO moves (game_id, seq, player, move, created_at) VALUES ($1, $2, $3, $4, $5)",
        r.game_id,
        new_version,
        r.player,
        r.move_json,
        r.now,
    )
    for update in r.seat_updates:
        if update.timeouts_in_a_row is not None:
            await _update_seat(
                conn, r.game_id, update.player_id, "timeouts_in_a_row", update.timeouts_in_a_row
            )
        if update.ai_level is not None:
            await _update_seat(conn, r.game_id, update.player_id, "ai_level", update.ai_level)
    if r.game_end is not None:
        await conn.execute("UPDATE games SET status = 'finished' WHERE id = $1", r.game_id)
        guild_id, game, variant = updated
        await _record_end(conn, r.game_id, (guild_id, game, variant), r.game_end, r.now)
    return new_version


async def _explain_refusal(conn: Connection, game_id: int, expected: int) -> NoReturn:
    row = await conn.fetchrow("SELECT status, version FROM games WHERE id = $1", game_id)
    if row is None:
        raise GameNotFound(game_id)
    if row[0] != "running":
        raise WrongStatus(game_id, row[0], ("running",))
    raise StaleVersion(game_id, expected, row[1])


async def _update_seat(
    conn: Connection, game_id: int, player: str, column: str, value: object
) -> None:
    status = await conn.execute(
        f"UPDATE seats SET {column} = $1 WHERE game_id = $2 AND player_id = $3",
        value,
        game_id,
        player,
    )
    if status != "UPDATE 1":
        raise NotSeated(game_id, player)


async def _record_end(
    conn: Connection,
    game_id: int,
    where: tuple[int, str, str],
    end: GameEnd,
    now: float,
) -> None:
    """The result row, each human seat's tallies and the ratings (as storage/save_sql.py)."""
    guild_id, game, variant = where
    users = {
        r[0]: r[1]
        for r in await conn.fetch(
            "SELECT player_id, user_id FROM seats WHERE game_id = $1", game_id
        )
    }
    winners = tuple(end.winners)
    for player in (*winners, *end.gains, *end.scores):
        if player not in users:
            raise NotSeated(game_id, player)
    await conn.execute(
        "INSERT INTO results (game_id, winners, winner_user_ids, scores, summary, finished_at)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        game_id,
        json.dumps(winners),
        json.dumps([users[p] for p in winners if users[p] is not None]),
        json.dumps({p: dict(s) for p, s in end.scores.items()}, sort_keys=True),
        json.dumps(dict(end.summary), sort_keys=True),
        now,
    )
    rows = [
        (guild_id, user_id, game, variant, metric, value)
        for player, user_id in users.items()
        if user_id is not None
        for metric, value in gains_of(end, player, winners).items()
    ]
    await conn.executemany(
        "INSERT INTO tallies (guild_id, user_id, game, variant, metric, value)"
        " VALUES ($1, $2, $3, $4, $5, $6)"
        " ON CONFLICT (guild_id, user_id, game, variant, metric) DO UPDATE SET"
        " value = tallies.value + excluded.value",
        rows,
    )
    await rate_game_pg(conn, game_id, guild_id, game, end, now)
