"""Saving a move atomically: state, log entry, version check, and at game end results + tallies."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from storage.db import Database
from storage.errors import GameNotFound
from storage.records import GameEnd, MoveRecord, Result, SeatUpdate
from storage.save_sql import SaveRequest


class MovesRepo(Database):
    """The append-only move log and the one write path for a running game's state."""

    async def save_move(
        self,
        game_id: int,
        expected_version: int,
        new_state: str,
        move: str | Mapping[str, Any],
        player: str,
        *,
        game_end: GameEnd | None = None,
        turn_deadline: float | None = None,
        paused: bool = False,
        seat_updates: Sequence[SeatUpdate] = (),
    ) -> int:
        """Store one applied move atomically; return the new version once committed (how durably:
        storage/db.py).

        ``expected_version`` is the version the move was computed from; if the stored one differs
        StaleVersion is raised and nothing changes. ``game_end`` finishes the game, writes its
        result and adds every human seat's game to the server tallies (records.GameEnd).
        ``turn_deadline`` replaces the stored deadline (None clears it); ``paused`` says it ends
        a pause the game asked for rather than a turn. Concurrent saves share one COMMIT
        (group commit, storage/batching.py), each in its own savepoint.
        """
        move_json = move if isinstance(move, str) else json.dumps(dict(move), sort_keys=True)
        request = SaveRequest(
            game_id=game_id,
            expected_version=expected_version,
            new_state=new_state,
            move_json=move_json,
            player=player,
            game_end=game_end,
            turn_deadline=turn_deadline,
            seat_updates=tuple(seat_updates),
            now=self.clock(),
            paused=paused,
        )
        return await self._saves.save(request)

    async def get_moves(self, game_id: int, *, after_seq: int = 0) -> list[MoveRecord]:
        """The move log in order (optionally only the entries after ``after_seq``)."""
        rows = await self.fetchall(
            "SELECT game_id, seq, player, move, created_at FROM moves"
            " WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after_seq),
        )
        return [MoveRecord(*row) for row in rows]

    async def get_initial_state(self, game_id: int) -> str | None:
        """The game state it started from (None for a game that never started)."""
        row = await self.fetchone("SELECT initial_state FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        return None if row[0] is None else str(row[0])

    async def get_result(self, game_id: int) -> Result | None:
        row = await self.fetchone(
            "SELECT winners, winner_user_ids, scores, summary, finished_at"
            " FROM results WHERE game_id = ?",
            (game_id,),
        )
        if row is None:
            return None
        winners, users, scores, summary, finished_at = row
        return Result(
            game_id,
            tuple(json.loads(winners)),
            tuple(json.loads(users)),
            json.loads(scores),
            json.loads(summary),
            finished_at,
        )
