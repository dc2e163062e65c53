"""Saving a move atomically: state, log entry, version check, and at game end results + tallies."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import aiosqlite

from storage.db import Database
from storage.errors import GameNotFound, NotSeated, StaleVersion, WrongStatus
from storage.games import status_of
from storage.records import GameEnd, MoveRecord, Result, SeatUpdate


class MovesRepo(Database):
    """The append-only move log and the one write path for a running game's state."""

    async def save_move(
        self,
        game_id: int,
        expected_version: int,
        new_state: str,
        move: str | Mapping[str, Any],
        round_no: int,
        player: str,
        *,
        round_winners: Sequence[str] = (),
        game_end: GameEnd | None = None,
        turn_deadline: float | None = None,
        seat_updates: Sequence[SeatUpdate] = (),
    ) -> int:
        """Store one applied move in a single transaction and return the new version.

        ``expected_version`` is the version the move was computed from; if the stored one differs
        StaleVersion is raised and nothing changes. ``round_winners`` (player ids) each get a round
        won; ``game_end`` finishes the game and adds every human seat's result to the server
        tallies. ``turn_deadline`` replaces the stored deadline (None clears it).
        """
        move_json = move if isinstance(move, str) else json.dumps(dict(move), sort_keys=True)
        now = self.clock()
        new_version = expected_version + 1
        async with self.transaction() as conn:
            # Only unindexed columns change on an ordinary move (keeps the write small).
            cursor = await conn.execute(
                "UPDATE games SET state = ?, version = ?, turn_deadline = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND status = 'running'",
                (
                    new_state,
                    new_version,
                    None if game_end else turn_deadline,
                    now,
                    game_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                await _explain_refusal(conn, game_id, expected_version)
            await conn.execute(
                "INSERT INTO moves (game_id, seq, round, player, move, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, new_version, round_no, player, move_json, now),
            )
            for winner in round_winners:
                await _update_seat(conn, game_id, winner, "rounds_won = rounds_won + 1", ())
            for update in seat_updates:
                if update.timeouts_in_a_row is not None:
                    await _update_seat(
                        conn,
                        game_id,
                        update.player_id,
                        "timeouts_in_a_row = ?",
                        (update.timeouts_in_a_row,),
                    )
                if update.ai_level is not None:
                    await _update_seat(
                        conn, game_id, update.player_id, "ai_level = ?", (update.ai_level,)
                    )
            if game_end is not None:
                await conn.execute("UPDATE games SET status = 'finished' WHERE id = ?", (game_id,))
                await _record_end(conn, game_id, game_end, now)
        return new_version

    async def get_moves(self, game_id: int, *, after_seq: int = 0) -> list[MoveRecord]:
        """The move log in order (optionally only the entries after ``after_seq``)."""
        rows = await self.fetchall(
            "SELECT game_id, seq, round, player, move, created_at FROM moves"
            " WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
        return [MoveRecord(*row) for row in rows]

    async def get_initial_state(self, game_id: int) -> str | None:
        """The engine state the game started from (None for a game that never started)."""
        row = await self.fetchone("SELECT initial_state FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        return None if row[0] is None else str(row[0])

    async def get_result(self, game_id: int) -> Result | None:
        row = await self.fetchone(
            "SELECT game_id, winner, winner_user_id, rounds, final_tallies, finished_at"
            " FROM results WHERE game_id = ?",
            (game_id,),
        )
        if row is None:
            return None
        values = list(row)
        values[4] = json.loads(values[4])
        return Result(*values)


async def _explain_refusal(conn: aiosqlite.Connection, game_id: int, expected: int) -> None:
    status, version = await status_of(conn, game_id)
    if status != "running":
        raise WrongStatus(game_id, status, ("running",))
    raise StaleVersion(game_id, expected, version)


async def _update_seat(
    conn: aiosqlite.Connection, game_id: int, player: str, assignment: str, params: tuple[Any, ...]
) -> None:
    cursor = await conn.execute(
        f"UPDATE seats SET {assignment} WHERE game_id = ? AND player_id = ?",
        (*params, game_id, player),
    )
    if cursor.rowcount != 1:
        raise NotSeated(game_id, player)


async def _record_end(conn: aiosqlite.Connection, game_id: int, end: GameEnd, now: float) -> None:
    """Write the result row and add each human seat's game to the server tallies."""
    game = list(
        await conn.execute_fetchall("SELECT guild_id, edition FROM games WHERE id = ?", (game_id,))
    )[0]
    guild_id, edition = game[0], game[1]
    seats = {
        row[0]: (row[1], row[2])
        for row in await conn.execute_fetchall(
            "SELECT player_id, user_id, rounds_won FROM seats WHERE game_id = ?", (game_id,)
        )
    }
    for player in [*end.final_tallies, *([end.winner] if end.winner else [])]:
        if player not in seats:
            raise NotSeated(game_id, player)
    winner_user = seats[end.winner][0] if end.winner else None
    await conn.execute(
        "INSERT INTO results (game_id, winner, winner_user_id, rounds, final_tallies, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            game_id,
            end.winner,
            winner_user,
            end.rounds,
            json.dumps(dict(end.final_tallies), sort_keys=True),
            now,
        ),
    )
    rows = [
        (
            guild_id,
            user_id,
            edition,
            end.final_tallies.get(player, 0),
            int(player == end.winner),
            rounds_won,
        )
        for player, (user_id, rounds_won) in seats.items()
        if user_id is not None
    ]
    await conn.executemany(
        "INSERT INTO tallies (guild_id, user_id, edition, tally, games_played, games_won,"
        " rounds_won) VALUES (?, ?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (guild_id, user_id, edition) DO UPDATE SET"
        " tally = tally + excluded.tally, games_played = games_played + 1,"
        " games_won = games_won + excluded.games_won,"
        " rounds_won = rounds_won + excluded.rounds_won",
        rows,
    )
