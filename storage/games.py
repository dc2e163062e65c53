"""Games and seats: lobby, join/leave, start, reads, and per-game bookkeeping (deadlines, DMs)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from storage.db import Database
from storage.errors import (
    AlreadySeated,
    ChannelBusy,
    GameNotFound,
    LobbyFull,
    NotSeated,
    WrongStatus,
)
from storage.records import DmStatus, DueDeadline, Game, GameStatus, Seat

GAME_COLUMNS = (
    "id, guild_id, channel_id, game, variant, options, status, state, version, table_message_id,"
    " host_id, timer_seconds, turn_deadline, created_at, updated_at, paused, revision"
)
SEAT_COLUMNS = (
    "game_id, seat, player_id, user_id, ai_level, display_name, dm_status, timeouts_in_a_row, "
    "dm_hint_shown"
)


def seat_from_row(row: Sequence[Any]) -> Seat:
    values = list(row)
    values[8] = bool(values[8])
    return Seat(*values)


def game_from_row(row: Sequence[Any], seats: Iterable[Seat] = ()) -> Game:
    values = list(row)
    values[5] = json.loads(values[5])
    values[15] = bool(values[15])
    values.append(tuple(seats))  # after revision (values[16])
    return Game(*values)


async def status_of(conn: Any, game_id: int, row_lock: str = "") -> tuple[str, int]:
    """(status, version) of a game inside an open transaction; GameNotFound if absent.
    ``row_lock`` (Database.row_lock) keeps other writers off the row until the commit."""
    rows = list(
        await conn.execute_fetchall(
            f"SELECT status, version FROM games WHERE id = ?{row_lock}", (game_id,)
        )
    )
    if not rows:
        raise GameNotFound(game_id)
    return rows[0][0], rows[0][1]


class GamesRepo(Database):
    """Lobby lifecycle and game reads."""

    async def _require_status(self, conn: Any, game_id: int, *wanted: GameStatus) -> int:
        status, version = await status_of(conn, game_id, self.row_lock)
        if status not in wanted:
            raise WrongStatus(game_id, status, wanted)
        return version

    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        variant: str,
        host_id: int,
        *,
        options: Mapping[str, Any] | None = None,
        timer_seconds: int = 300,
    ) -> Game:
        """Open a lobby of ``game`` (its registry name) in ``variant``; ChannelBusy if the
        channel already has a lobby or running game (of any game)."""
        if not game or not variant:
            raise ValueError("a lobby needs a game and a variant")
        now = self.clock()
        try:
            async with self.transaction() as conn:
                rows = await conn.execute_fetchall(
                    "INSERT INTO games (guild_id, channel_id, game, variant, options, status,"
                    " host_id, timer_seconds, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game,
                        variant,
                        json.dumps(dict(options or {}), sort_keys=True),
                        host_id,
                        timer_seconds,
                        now,
                        now,
                    ),
                )
                game_id = int(list(rows)[0][0])
        except self.integrity_errors as exc:
            raise ChannelBusy(channel_id) from exc
        return await self.get_game(game_id)

    async def join(
        self,
        game_id: int,
        player_id: str,
        display_name: str,
        *,
        user_id: int | None = None,
        ai_level: str | None = None,
        max_seats: int | None = None,
    ) -> Seat:
        """Take the next free seat in a lobby (a human with user_id, or a bot with ai_level)."""
        if (user_id is None) == (ai_level is None):
            raise ValueError("a seat is either a human (user_id) or a bot (ai_level)")
        async with self.transaction() as conn:
            await self._require_status(conn, game_id, "lobby")
            rows = list(
                await conn.execute_fetchall(
                    "SELECT player_id, user_id FROM seats WHERE game_id = ?", (game_id,)
                )
            )
            for other_player, other_user in rows:
                if other_player == player_id or (user_id is not None and other_user == user_id):
                    raise AlreadySeated(game_id, player_id)
            if max_seats is not None and len(rows) >= max_seats:
                raise LobbyFull(game_id, max_seats)
            seat = Seat(game_id, len(rows), player_id, user_id, ai_level, display_name)
            await conn.execute(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    seat.game_id,
                    seat.seat,
                    seat.player_id,
                    seat.user_id,
                    seat.ai_level,
                    seat.display_name,
                    seat.dm_status,
                    0,
                    0,
                ),
            )
            await self._touch(conn, game_id)
        return seat

    async def leave(self, game_id: int, player_id: str) -> None:
        """Give up a lobby seat; later seats move up so seat numbers stay 0..n-1."""
        async with self.transaction() as conn:
            await self._require_status(conn, game_id, "lobby")
            rows = list(
                await conn.execute_fetchall(
                    "SELECT seat FROM seats WHERE game_id = ? AND player_id = ?",
                    (game_id, player_id),
                )
            )
            if not rows:
                raise NotSeated(game_id, player_id)
            seat = rows[0][0]
            await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            # Two steps through negative numbers so the primary key never collides mid-update.
            await conn.execute(
                "UPDATE seats SET seat = -seat WHERE game_id = ? AND seat > ?", (game_id, seat)
            )
            await conn.execute(
                "UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat < 0", (game_id,)
            )
            await self._touch(conn, game_id)

    async def start(
        self, game_id: int, initial_state: str, *, turn_deadline: float | None = None
    ) -> Game:
        """lobby -> running with the game's initial state (also kept for replaying the log)."""
        async with self.transaction() as conn:
            await self._require_status(conn, game_id, "lobby")
            await conn.execute(
                "UPDATE games SET status = 'running', state = ?, initial_state = ?, version = 0,"
                " turn_deadline = ?, paused = 0, updated_at = ?, revision = revision + 1"
                " WHERE id = ?",
                (initial_state, initial_state, turn_deadline, self.clock(), game_id),
            )
        return await self.get_game(game_id)

    async def abandon(self, game_id: int) -> Game:
        """End a lobby or running game without a result; nobody's tallies change."""
        async with self.transaction() as conn:
            await self._require_status(conn, game_id, "lobby", "running")
            await conn.execute(
                "UPDATE games SET status = 'abandoned', turn_deadline = NULL, paused = 0,"
                " updated_at = ?, revision = revision + 1"
                " WHERE id = ?",
                (self.clock(), game_id),
            )
        return await self.get_game(game_id)

    async def get_game(self, game_id: int) -> Game:
        async with self.reading() as conn:
            rows = list(
                await conn.execute_fetchall(
                    f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)
                )
            )
            if not rows:
                raise GameNotFound(game_id)
            seats = await conn.execute_fetchall(
                f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return game_from_row(rows[0], map(seat_from_row, seats))

    async def get_game_in_channel(self, channel_id: int) -> Game | None:
        """The channel's lobby or running game, if any."""
        row = await self.fetchone(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,),
        )
        return None if row is None else await self.get_game(row[0])

    async def load_running_games(self) -> list[Game]:
        """Every running game with its seats and state, for start-up (two queries in all)."""
        async with self.reading() as conn:
            games = await conn.execute_fetchall(
                f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'running' ORDER BY id"
            )
            seat_rows = await conn.execute_fetchall(
                f"SELECT {', '.join('s.' + c.strip() for c in SEAT_COLUMNS.split(','))}"
                " FROM seats s JOIN games g ON g.id = s.game_id"
                " WHERE g.status = 'running' ORDER BY s.game_id, s.seat"
            )
        by_game: dict[int, list[Seat]] = {}
        for row in seat_rows:
            by_game.setdefault(row[0], []).append(seat_from_row(row))
        return [game_from_row(row, by_game.get(row[0], ())) for row in games]

    async def stamp(self, game_id: int) -> tuple[str, int, int] | None:
        """(status, version, revision) of a game, None if there is none: one indexed read that
        tells whether a cached copy is still the stored game."""
        row = await self.fetchone(
            "SELECT status, version, revision FROM games WHERE id = ?", (game_id,)
        )
        return None if row is None else (str(row[0]), int(row[1]), int(row[2]))

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        await self._update_game(game_id, "table_message_id = ?", message_id)

    async def set_turn_deadline(
        self, game_id: int, deadline: float | None, *, paused: bool = False
    ) -> None:
        """Replace the deadline; ``paused`` marks it as the end of a pause the game asked for
        rather than a turn's limit (every write sets the flag, so a pause never outlives it)."""
        flag = int(paused and deadline is not None)
        # A new deadline is a new piece of work: any claim on the old one is void.
        await self._update_game(
            game_id, "turn_deadline = ?, paused = ?, claimed_until = NULL", deadline, flag
        )

    async def due_deadlines(self, now: float) -> list[DueDeadline]:
        """Running games whose turn deadline has passed, earliest first."""
        rows = await self.fetchall(
            "SELECT id, version, turn_deadline, paused FROM games WHERE status = 'running'"
            " AND turn_deadline IS NOT NULL AND turn_deadline <= ? ORDER BY turn_deadline, id",
            (now,),
        )
        return [DueDeadline(g, v, d, bool(b)) for g, v, d, b in rows]

    async def next_deadline(self) -> float | None:
        """The earliest turn deadline of any running game (None when no turn is timed); a
        claimed one counts from the end of its claim (storage/claims.py)."""
        # A deadline another process has claimed is due again only when its claim runs out.
        row = await self.fetchone(
            "SELECT MIN(CASE WHEN claimed_until > turn_deadline AND claimed_version = version"
            " THEN claimed_until ELSE turn_deadline END) FROM games WHERE status = 'running'"
            " AND turn_deadline IS NOT NULL"
        )
        return None if row is None or row[0] is None else float(row[0])

    async def set_dm_status(self, game_id: int, player_id: str, status: DmStatus) -> None:
        await self._update_seat(game_id, player_id, "dm_status = ?", status)

    async def set_dm_hint_shown(self, game_id: int, player_id: str) -> None:
        """The closed-DM hint was given to this seat's player; never again in this game."""
        await self._update_seat(game_id, player_id, "dm_hint_shown = ?", 1)

    async def set_seat_timeouts(self, game_id: int, player_id: str, timeouts: int) -> None:
        await self._update_seat(game_id, player_id, "timeouts_in_a_row = ?", timeouts)

    async def set_seat_ai(self, game_id: int, player_id: str, ai_level: str) -> None:
        """An AI takes over this seat for the rest of the game (the user id stays for tallies)."""
        await self._update_seat(game_id, player_id, "ai_level = ?", ai_level)

    async def _update_game(self, game_id: int, assignment: str, *values: Any) -> None:
        async with self.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE games SET {assignment}, updated_at = ?, revision = revision + 1"
                " WHERE id = ?",
                (*values, self.clock(), game_id),
            )
            if cursor.rowcount == 0:
                raise GameNotFound(game_id)

    async def _update_seat(self, game_id: int, player_id: str, assignment: str, value: Any) -> None:
        async with self.transaction() as conn:
            await status_of(conn, game_id, self.row_lock)
            cursor = await conn.execute(
                f"UPDATE seats SET {assignment} WHERE game_id = ? AND player_id = ?",
                (value, game_id, player_id),
            )
            if cursor.rowcount == 0:
                raise NotSeated(game_id, player_id)
            await self._touch(conn, game_id)

    async def _touch(self, conn: Any, game_id: int) -> None:
        await conn.execute(
            "UPDATE games SET updated_at = ?, revision = revision + 1 WHERE id = ?",
            (self.clock(), game_id),
        )
