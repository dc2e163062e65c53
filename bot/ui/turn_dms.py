"""Which "your turn" DMs still have live buttons, and which turn each player was last told of.

Both are kept in the database (storage/turn_dms.py), so that after a restart, or in another
process sharing the database, the next step of a turn edits that turn's DM in place instead of
sending a second DM (DISCORD.md: at most one per turn), a turn that is over still takes the
buttons off its DM, and a later step of a turn is not announced again. One process on SQLite
keeps them in memory after the first read; with a shared database they are read each time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from storage import Storage
from storage.turn_dms import Turn, TurnDM

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

__all__ = ["TurnDM", "TurnDMs"]


class TurnDMs:
    """One bot's registry of turn DMs, over its storage."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._dms: dict[int, list[TurnDM]] = {}  # game -> its turn DMs, oldest first
        self._told: dict[tuple[int, str], Turn | None] = {}  # (game, player) -> turn told of

    @property
    def storage(self) -> Storage:
        storage: Storage = self.bot.storage
        return storage

    @property
    def _cached(self) -> bool:
        return not self.storage.shared

    async def of(self, game_id: int) -> list[TurnDM]:
        """The game's turn DMs with live buttons, oldest first."""
        if not (self._cached and game_id in self._dms):
            self._dms[game_id] = await self.storage.turn_dms(game_id)
        return list(self._dms[game_id])

    async def live(self, game_id: int, player_id: str, turn: Turn | None) -> TurnDM | None:
        """The player's turn DM for this same turn, if any (never for one-decision turns)."""
        if turn is None:
            return None
        dms = await self.of(game_id)
        return next((d for d in dms if d.player_id == player_id and d.turn == turn), None)

    async def note(self, game_id: int, dm: TurnDM) -> None:
        """A DM sent, or what an edit made it show now."""
        await self.storage.put_turn_dm(game_id, dm)
        dms = [d for d in await self.of(game_id) if d.message_id != dm.message_id]
        self._dms[game_id] = sorted([*dms, dm], key=lambda d: d.message_id)

    async def shows(self, game_id: int, dm: TurnDM, version: int, text: str) -> None:
        await self.note(game_id, replace(dm, shown=version, text=text))

    async def drop(self, game_id: int, message_ids: Sequence[int]) -> None:
        """These DMs have no live buttons any more (their turn is over, or they are gone)."""
        if not message_ids:
            return
        await self.storage.drop_turn_dms(game_id, message_ids)
        gone = set(message_ids)
        self._dms[game_id] = [d for d in await self.of(game_id) if d.message_id not in gone]

    async def fresh(self, game_id: int, player_id: str, turn: Turn | None) -> bool:
        """Whether a decision of `turn` is news to the player (and note that they are told
        now): a new turn, or a first decision out of turn; not a later step of a turn they
        were told of. Every decision of a one-decision turn (None) is news."""
        key = (game_id, player_id)
        if self._cached and key in self._told:
            told = self._told[key]
        else:
            told = await self.storage.told_turn(game_id, player_id)
        if turn is not None and told == turn:
            self._told[key] = told
            return False
        if told != turn:
            await self.storage.set_told_turn(game_id, player_id, turn)
        self._told[key] = turn
        return True

    async def forget(self, game_id: int) -> None:
        """The game is over: none of its DMs is live, nobody is told of a turn of it."""
        await self.storage.forget_turns(game_id)
        self._dms.pop(game_id, None)
        self._told = {k: v for k, v in self._told.items() if k[0] != game_id}
