"""Tournaments (migration 012): the tournament, its players, its rounds' tables and their
outcomes, and the status of the games played at those tables.

Each write is one transaction. A round is claimed by moving ``round`` on from the round
before (``advance_round``): when several processes look at a finished round at once, one of
them pairs the next. A table's outcome is written only while it has none, so an outcome read
twice (after a restart) counts once.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.db import Database
from storage.errors import StorageError

COLUMNS = (
    "id, guild_id, channel_id, message_id, game, variant, format, seats, rounds, ai,"
    " organiser_id, status, round, created_at"
)
TABLE_COLUMNS = (
    "tournament_id, round, table_no, players, ai_seats, thread_id, game_id, winners, forfeits"
)


# A table to store: (players, AI seats, winners or None while it is to be played, forfeits).
NewTable = tuple[tuple[int, ...], int, tuple[int, ...] | None, tuple[int, ...]]


class AlreadySignedUp(StorageError):
    """The user is on the tournament's list already."""


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    game: str
    variant: str
    format: str  # "swiss" or "roundrobin"
    seats: int
    rounds: int | None
    ai: bool
    organiser_id: int
    status: str  # signup, running, finished, cancelled
    round: int
    created_at: float


@dataclass(frozen=True, slots=True)
class Entrant:
    user_id: int
    name: str
    rating: float
    withdrawn: int | None  # out from this round on
    joined_at: float


@dataclass(frozen=True, slots=True)
class TableRow:
    tournament_id: int
    round: int
    table_no: int
    players: tuple[int, ...]
    ai_seats: int
    thread_id: int | None
    game_id: int | None
    winners: tuple[int, ...] | None  # None: not over
    forfeits: tuple[int, ...]

    @property
    def over(self) -> bool:
        return self.winners is not None


@dataclass(frozen=True, slots=True)
class TableGame:
    """What the tournament reads of a table's game: its status, winners and seats."""

    status: str
    winners: tuple[str, ...]  # player ids (finished games)
    seats: tuple[tuple[str, int | None, str | None], ...]  # (player id, user id, AI level)


def _ids(text: str | None) -> tuple[int, ...]:
    return tuple(int(x) for x in json.loads(text)) if text else ()


def _tournament(row: Sequence[Any]) -> Tournament:
    return Tournament(
        int(row[0]), int(row[1]), int(row[2]), None if row[3] is None else int(row[3]),
        str(row[4]), str(row[5]), str(row[6]), int(row[7]),
        None if row[8] is None else int(row[8]), bool(row[9]), int(row[10]), str(row[11]),
        int(row[12]), float(row[13]),
    )  # fmt: skip


def _table(row: Sequence[Any]) -> TableRow:
    return TableRow(
        int(row[0]), int(row[1]), int(row[2]), _ids(row[3]), int(row[4]),
        None if row[5] is None else int(row[5]), None if row[6] is None else int(row[6]),
        None if row[7] is None else _ids(row[7]), _ids(row[8]),
    )  # fmt: skip


class TournamentsRepo(Database):
    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        variant: str,
        fmt: str,
        seats: int,
        rounds: int | None,
        ai: bool,
        organiser_id: int,
        now: float,
    ) -> Tournament:
        """A new tournament taking sign-ups; its id is the largest so far plus one."""
        for attempt in range(3):  # two processes taking the same id: the loser tries again
            try:
                async with self.transaction() as conn:
                    rows = await conn.execute_fetchall(
                        "SELECT coalesce(max(id), 0) FROM tournaments"
                    )
                    new_id = int(next(iter(rows))[0]) + 1
                    await conn.execute(
                        f"INSERT INTO tournaments ({COLUMNS}) VALUES"
                        " (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?)",
                        (new_id, guild_id, channel_id, game, variant, fmt, seats, rounds,
                         int(ai), organiser_id, now),
                    )  # fmt: skip
                break
            except self.integrity_errors:
                if attempt == 2:
                    raise
        return await self.require_tournament(new_id)

    async def tournament(self, tournament_id: int) -> Tournament | None:
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        return _tournament(rows[0]) if rows else None

    async def require_tournament(self, tournament_id: int) -> Tournament:
        found = await self.tournament(tournament_id)
        if found is None:
            raise StorageError(f"no tournament {tournament_id}")
        return found

    async def tournaments_in(self, guild_id: int, *, open_only: bool) -> list[Tournament]:
        """A server's tournaments, newest first (open: taking sign-ups or running)."""
        where = " AND status IN ('signup', 'running')" if open_only else ""
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM tournaments WHERE guild_id = ?{where} ORDER BY id DESC",
            (guild_id,),
        )
        return [_tournament(r) for r in rows]

    async def running_tournaments(self) -> list[Tournament]:
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM tournaments WHERE status = 'running' ORDER BY id"
        )
        return [_tournament(r) for r in rows]

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )

    async def set_tournament_status(
        self, tournament_id: int, status: str, *, was: Sequence[str]
    ) -> bool:
        """Move the status on from one of ``was``; False if it was not (someone was first)."""
        marks = ", ".join("?" * len(was))
        async with self.transaction() as conn:
            cursor = await conn.execute(
                f"UPDATE tournaments SET status = ? WHERE id = ? AND status IN ({marks})",
                (status, tournament_id, *was),
            )
            return bool(cursor.rowcount == 1)

    async def sign_up(self, tournament_id: int, user_id: int, name: str, now: float) -> None:
        try:
            async with self.transaction() as conn:
                await conn.execute(
                    "INSERT INTO tournament_players (tournament_id, user_id, name, joined_at)"
                    " VALUES (?, ?, ?, ?)",
                    (tournament_id, user_id, name, now),
                )
        except self.integrity_errors as exc:
            raise AlreadySignedUp(f"{user_id} in tournament {tournament_id}") from exc

    async def sign_off(self, tournament_id: int, user_id: int) -> bool:
        """Before the start: off the list. False if they were not on it."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                (tournament_id, user_id),
            )
            return bool(cursor.rowcount == 1)

    async def withdraw(self, tournament_id: int, user_id: int, from_round: int) -> bool:
        """Once running: out from ``from_round`` on. False if not playing (or out already)."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tournament_players SET withdrawn = ? WHERE tournament_id = ?"
                " AND user_id = ? AND withdrawn IS NULL",
                (from_round, tournament_id, user_id),
            )
            return bool(cursor.rowcount == 1)

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """The players in the order they signed up."""
        rows = await self.fetchall(
            "SELECT user_id, name, rating, withdrawn, joined_at FROM tournament_players"
            " WHERE tournament_id = ? ORDER BY joined_at, user_id",
            (tournament_id,),
        )
        return [
            Entrant(int(u), str(n), float(r), None if w is None else int(w), float(j))
            for u, n, r, w, j in rows
        ]

    async def start_tournament(
        self,
        tournament_id: int,
        rounds: int,
        seeds: dict[int, float],
        tables: Sequence[NewTable],
    ) -> bool:
        """Sign-up over: the seeds, the number of rounds and round 1's tables, at once.
        False if it was no longer taking sign-ups."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tournaments SET status = 'running', round = 1, rounds = ?"
                " WHERE id = ? AND status = 'signup'",
                (rounds, tournament_id),
            )
            if cursor.rowcount != 1:
                return False
            await conn.executemany(
                "UPDATE tournament_players SET rating = ? WHERE tournament_id = ? AND user_id = ?",
                [(rating, tournament_id, user) for user, rating in seeds.items()],
            )
            await self._insert_tables(conn, tournament_id, 1, tables)
        return True

    async def advance_round(
        self, tournament_id: int, done: int, tables: Sequence[NewTable]
    ) -> bool:
        """Round ``done`` is over: the next one with its tables. False if another process
        (or an earlier tick) moved on first."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tournaments SET round = ? WHERE id = ? AND round = ?"
                " AND status = 'running'",
                (done + 1, tournament_id, done),
            )
            if cursor.rowcount != 1:
                return False
            await self._insert_tables(conn, tournament_id, done + 1, tables)
        return True

    async def finish_tournament(self, tournament_id: int, last: int) -> bool:
        """The last round is over: finished (once)."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tournaments SET status = 'finished', round = ? WHERE id = ?"
                " AND round = ? AND status = 'running'",
                (last + 1, tournament_id, last),
            )
            return bool(cursor.rowcount == 1)

    async def _insert_tables(
        self, conn: Any, tournament_id: int, round_no: int, tables: Sequence[NewTable]
    ) -> None:
        await conn.executemany(
            "INSERT INTO tournament_tables (tournament_id, round, table_no, players, ai_seats,"
            " winners, forfeits) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (tournament_id, round_no, number, json.dumps(list(players)), ai_seats,
                 None if won is None else json.dumps(list(won)), json.dumps(list(lost)))
                for number, (players, ai_seats, won, lost) in enumerate(tables, start=1)
            ],
        )  # fmt: skip

    async def tables(self, tournament_id: int, round_no: int | None = None) -> list[TableRow]:
        """The tables of one round (None: of every round), in round and table order."""
        where, params = "tournament_id = ?", [tournament_id]
        if round_no is not None:
            where, params = where + " AND round = ?", [tournament_id, round_no]
        rows = await self.fetchall(
            f"SELECT {TABLE_COLUMNS} FROM tournament_tables WHERE {where} ORDER BY round, table_no",
            params,
        )
        return [_table(r) for r in rows]

    async def set_table_thread(
        self, tournament_id: int, round_no: int, table_no: int, thread_id: int
    ) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "UPDATE tournament_tables SET thread_id = ? WHERE tournament_id = ?"
                " AND round = ? AND table_no = ?",
                (thread_id, tournament_id, round_no, table_no),
            )

    async def set_table_game(
        self, tournament_id: int, round_no: int, table_no: int, game_id: int
    ) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ?"
                " AND round = ? AND table_no = ?",
                (game_id, tournament_id, round_no, table_no),
            )

    async def set_table_outcome(
        self,
        tournament_id: int,
        round_no: int,
        table_no: int,
        winners: Sequence[int],
        forfeits: Sequence[int],
    ) -> bool:
        """The table is over (once: False if its outcome was written already)."""
        async with self.transaction() as conn:
            cursor = await conn.execute(
                "UPDATE tournament_tables SET winners = ?, forfeits = ? WHERE tournament_id = ?"
                " AND round = ? AND table_no = ? AND winners IS NULL",
                (json.dumps(list(winners)), json.dumps(list(forfeits)), tournament_id,
                 round_no, table_no),
            )  # fmt: skip
            return bool(cursor.rowcount == 1)

    async def table_games(self, game_ids: Sequence[int]) -> dict[int, TableGame]:
        """The status, winners and seats of these games (the tables' games)."""
        if not game_ids:
            return {}
        marks = ", ".join("?" * len(game_ids))
        rows = await self.fetchall(
            f"SELECT g.id, g.status, r.winners FROM games g LEFT JOIN results r"
            f" ON r.game_id = g.id WHERE g.id IN ({marks})",
            list(game_ids),
        )
        seats: dict[int, list[tuple[str, int | None, str | None]]] = {}
        for game_id, player, user, level in await self.fetchall(
            f"SELECT game_id, player_id, user_id, ai_level FROM seats WHERE game_id IN ({marks})"
            " ORDER BY game_id, seat",
            list(game_ids),
        ):
            seats.setdefault(int(game_id), []).append(
                (str(player), None if user is None else int(user), level)
            )
        return {
            int(game_id): TableGame(
                str(status),
                tuple(str(w) for w in json.loads(winners)) if winners else (),
                tuple(seats.get(int(game_id), ())),
            )
            for game_id, status, winners in rows
        }
