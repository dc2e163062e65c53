"""The SQL of one move save, as plain sqlite3 calls run on the connection's own thread.

Group commit (storage/batching.py) runs many saves in one transaction; doing each save's few
statements in a single hop to aiosqlite's thread (instead of one hop per statement) is what keeps
a batch of hundreds of saves within a few milliseconds. Each save gets its own SAVEPOINT, so a
refused save (stale version, game over, unknown seat ...) changes nothing and fails alone.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.errors import GameNotFound, NotSeated, StaleVersion, WrongStatus
from storage.rating_sql import rate_game_sqlite
from storage.records import GameEnd, SeatUpdate


@dataclass(frozen=True, slots=True)
class SaveRequest:
    """Everything save_move writes for one applied move (``now`` taken when it was asked)."""

    game_id: int
    expected_version: int
    new_state: str
    move_json: str
    player: str
    game_end: GameEnd | None
    turn_deadline: float | None
    seat_updates: tuple[SeatUpdate, ...]
    now: float
    paused: bool = False  # turn_deadline ends a pause the game asked for, not a turn


Outcome = int | BaseException  # the new version, or the error for that save's caller


def run_batch(conn: sqlite3.Connection, requests: Sequence[SaveRequest]) -> list[Outcome]:
    """One BEGIN IMMEDIATE ... COMMIT around every request, each inside its own SAVEPOINT.

    A save that raises is rolled back to its savepoint and reported alone; if the transaction
    itself cannot commit (disk full, I/O error) every save in it gets that error, none is stored.
    """
    outcomes: list[Outcome] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for request in requests:
            conn.execute("SAVEPOINT save")
            try:
                outcomes.append(apply_save(conn, request))
            except Exception as exc:  # refused save: undo it only, keep the batch going
                if not conn.in_transaction:
                    raise  # SQLite abandoned the whole transaction (I/O error, disk full)
                conn.execute("ROLLBACK TO save")
                outcomes.append(exc)
            conn.execute("RELEASE save")
        conn.execute("COMMIT")
    except BaseException as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        return [exc] * len(requests)
    return outcomes


def apply_save(conn: sqlite3.Connection, r: SaveRequest) -> int:
    """The statements of one save; raises (and the caller rolls back) if it is refused."""
    new_version = r.expected_version + 1
    deadline = None if r.game_end else r.turn_deadline
    # Only unindexed columns change on an ordinary move (keeps the write small).
    cursor = conn.execute(
        "UPDATE games SET state = ?, version = ?, turn_deadline = ?, paused = ?,"
        " updated_at = ?, revision = revision + 1 WHERE id = ? AND version = ?"
        " AND status = 'running'",
        (
            r.new_state,
            new_version,
            deadline,
            int(r.paused and deadline is not None),
            r.now,
            r.game_id,
            r.expected_version,
        ),
    )
    if cursor.rowcount != 1:
        _explain_refusal(conn, r.game_id, r.expected_version)
    conn.execute(
        "INSERT INTO moves (game_id, seq, player, move, created_at) VALUES (?, ?, ?, ?, ?)",
        (r.game_id, new_version, r.player, r.move_json, r.now),
    )
    for update in r.seat_updates:
        if update.timeouts_in_a_row is not None:
            _update_seat(
                conn,
                r.game_id,
                update.player_id,
                "timeouts_in_a_row = ?",
                (update.timeouts_in_a_row,),
            )
        if update.ai_level is not None:
            _update_seat(conn, r.game_id, update.player_id, "ai_level = ?", (update.ai_level,))
    if r.game_end is not None:
        conn.execute("UPDATE games SET status = 'finished' WHERE id = ?", (r.game_id,))
        _record_end(conn, r.game_id, r.game_end, r.now)
    return new_version


def _explain_refusal(conn: sqlite3.Connection, game_id: int, expected: int) -> None:
    row = conn.execute("SELECT status, version FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    if row[0] != "running":
        raise WrongStatus(game_id, row[0], ("running",))
    raise StaleVersion(game_id, expected, row[1])


def _update_seat(
    conn: sqlite3.Connection, game_id: int, player: str, assignment: str, params: tuple[Any, ...]
) -> None:
    cursor = conn.execute(
        f"UPDATE seats SET {assignment} WHERE game_id = ? AND player_id = ?",
        (*params, game_id, player),
    )
    if cursor.rowcount != 1:
        raise NotSeated(game_id, player)


def _record_end(conn: sqlite3.Connection, game_id: int, end: GameEnd, now: float) -> None:
    """Write the result row, add each human seat's game to the server tallies, and rate it."""
    guild_id, game, variant = conn.execute(
        "SELECT guild_id, game, variant FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    users = dict(conn.execute("SELECT player_id, user_id FROM seats WHERE game_id = ?", (game_id,)))
    winners = tuple(end.winners)
    for player in (*winners, *end.gains, *end.scores):
        if player not in users:
            raise NotSeated(game_id, player)
    conn.execute(
        "INSERT INTO results (game_id, winners, winner_user_ids, scores, summary, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            game_id,
            json.dumps(winners),
            json.dumps([users[p] for p in winners if users[p] is not None]),
            json.dumps({p: dict(s) for p, s in end.scores.items()}, sort_keys=True),
            json.dumps(dict(end.summary), sort_keys=True),
            now,
        ),
    )
    rows = [
        (guild_id, user_id, game, variant, metric, value)
        for player, user_id in users.items()
        if user_id is not None
        for metric, value in gains_of(end, player, winners).items()
    ]
    conn.executemany(
        "INSERT INTO tallies (guild_id, user_id, game, variant, metric, value)"
        " VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, user_id, game, variant, metric) DO UPDATE SET"
        " value = value + excluded.value",
        rows,
    )
    rate_game_sqlite(conn, game_id, guild_id, game, end, now)


def gains_of(end: GameEnd, player: str, winners: tuple[str, ...]) -> dict[str, int]:
    """What one human's tallies gain: a game played, a game won (or +0), and the game's own."""
    gains = {"games_played": 1, "games_won": int(player in winners)}
    for metric, amount in end.gains.get(player, {}).items():
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise TypeError(f"tally gain {metric!r} of {player!r} must be an int, not {amount!r}")
        gains[metric] = gains.get(metric, 0) + amount
    return gains
