"""Turn DMs: the "your turn" DMs whose buttons are live, and the turn each player was last told
of (migration 010). Kept in the database, not in the bot's memory, so that after a restart, or
in another process sharing the database, the next step of a turn edits that turn's DM instead
of sending a second one (bot/ui/dm.py). A turn is (turn number, whether it is the player's
own turn); None means a DM for one decision only, never edited for a later step.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage.db import Database

Turn = tuple[int, bool]


@dataclass(frozen=True, slots=True)
class TurnDM:
    """A turn DM with live buttons: whose, where, which turn it is for, and the game version
    and text line it shows now."""

    player_id: str
    channel_id: int
    message_id: int
    turn: Turn | None
    shown: int
    text: str


COLUMNS = "player_id, channel_id, message_id, turn_no, own_turn, shown, text"


def _turn(turn_no: int | None, own: int | None) -> Turn | None:
    return None if turn_no is None else (int(turn_no), bool(own))


class TurnDMsRepo(Database):
    async def turn_dms(self, game_id: int) -> list[TurnDM]:
        """The game's turn DMs with live buttons, oldest first."""
        rows = await self.fetchall(
            f"SELECT {COLUMNS} FROM turn_dms WHERE game_id = ? ORDER BY message_id", (game_id,)
        )
        return [
            TurnDM(str(r[0]), int(r[1]), int(r[2]), _turn(r[3], r[4]), int(r[5]), str(r[6]))
            for r in rows
        ]

    async def put_turn_dm(self, game_id: int, dm: TurnDM) -> None:
        """Note a turn DM, or what an edit made it show (the same message id)."""
        turn_no, own = (None, None) if dm.turn is None else (dm.turn[0], int(dm.turn[1]))
        row = (game_id, dm.player_id, dm.channel_id, dm.message_id, turn_no, own, dm.shown, dm.text)
        async with self.transaction() as conn:
            await conn.execute(
                f"INSERT INTO turn_dms (game_id, {COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (game_id, message_id) DO UPDATE SET shown = excluded.shown,"
                " text = excluded.text",
                row,
            )

    async def drop_turn_dms(self, game_id: int, message_ids: Sequence[int]) -> None:
        """These DMs' buttons are gone (their turn is over, or the DM is)."""
        if not message_ids:
            return
        async with self.transaction() as conn:
            await conn.executemany(
                "DELETE FROM turn_dms WHERE game_id = ? AND message_id = ?",
                [(game_id, message_id) for message_id in message_ids],
            )

    async def told_turn(self, game_id: int, player_id: str) -> Turn | None:
        """The turn the player was last told of (None: none, or a one-decision turn)."""
        row = await self.fetchone(
            "SELECT turn_no, own_turn FROM turns_told WHERE game_id = ? AND player_id = ?",
            (game_id, player_id),
        )
        return None if row is None else _turn(row[0], row[1])

    async def set_told_turn(self, game_id: int, player_id: str, turn: Turn | None) -> None:
        async with self.transaction() as conn:
            if turn is None:
                await conn.execute(
                    "DELETE FROM turns_told WHERE game_id = ? AND player_id = ?",
                    (game_id, player_id),
                )
                return
            await conn.execute(
                "INSERT INTO turns_told (game_id, player_id, turn_no, own_turn) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, player_id) DO UPDATE SET turn_no = excluded.turn_no,"
                " own_turn = excluded.own_turn",
                (game_id, player_id, turn[0], int(turn[1])),
            )

    async def forget_turns(self, game_id: int) -> None:
        """The game is over: no turn DM of it stays live, nobody is told of a turn of it."""
        async with self.transaction() as conn:
            await conn.execute("DELETE FROM turn_dms WHERE game_id = ?", (game_id,))
            await conn.execute("DELETE FROM turns_told WHERE game_id = ?", (game_id,))
