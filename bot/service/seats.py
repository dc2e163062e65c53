"""Host seat management: fill a lobby seat with an AI, or remove a player.

Kicking from a running game cannot take a seat away (the engine's seats are fixed), so the
kicked player's seat is handed to an AI for the rest of the game, like after two timeouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import _
from bot.platform.rules import TableRules
from bot.service import errors
from bot.service.pauses import is_paused
from engine.api import Game as EngineGame
from storage import Game, LobbyFull, NotSeated, WrongStatus

if TYPE_CHECKING:
    import asyncio

    from storage import Storage


class SeatOps:
    """Mixed into GameService; uses its storage, locks and cache."""

    storage: Storage

    if TYPE_CHECKING:

        def lock(self, game_id: int) -> asyncio.Lock: ...
        def forget(self, game_id: int) -> None: ...
        async def in_channel(self, channel_id: int, game: str | None = None) -> Game: ...
        def deadline_for(self, game: Game, state: Any) -> float | None: ...
        def rules(self, game: Game) -> TableRules: ...
        def engine(self, game: Game) -> EngineGame: ...

    async def add_bot(
        self, channel_id: int, user_id: int, level: str, kind: str | None = None
    ) -> Game:
        """Host only, lobby only: an AI of `level` takes the next free seat."""
        game = await self.in_channel(channel_id, kind)
        rules = self.engine(game)
        if level not in rules.ai_levels:
            levels = ", ".join(rules.ai_levels)
            raise errors.LobbyProblem(
                _("Unknown AI level {level}; choose {levels}.", level=repr(level), levels=levels)
            )
        if user_id != game.host_id:
            raise errors.HostOnly(_("Only the host can add a bot."))
        if game.status != "lobby":
            raise errors.LobbyProblem(_("Bots can only join in the lobby."))
        taken = {s.player_id for s in game.seats}
        number = next(n for n in range(1, 100) if f"ai{n}" not in taken)
        limit = rules.variants[game.variant].max_players
        name = self.rules(game).ai_name(level, number)
        try:
            await self.storage.join(game.id, f"ai{number}", name, ai_level=level, max_seats=limit)
        except LobbyFull:
            raise errors.LobbyProblem(
                _("The lobby is full ({limit} players).", limit=limit)
            ) from None
        except WrongStatus:
            raise errors.LobbyProblem(_("The game has already started.")) from None
        return await self.storage.get_game(game.id)

    async def kick(
        self, channel_id: int, user_id: int, target_user_id: int, kind: str | None = None
    ) -> tuple[Game, bool]:
        """Host only. Returns the game and whether an AI took the seat (running game)."""
        game = await self.in_channel(channel_id, kind)
        if user_id != game.host_id:
            raise errors.HostOnly(_("Only the host can kick a player."))
        if target_user_id == game.host_id:
            raise errors.LobbyProblem(_("The host cannot kick themselves; use `/{command} end`."))
        seat = next((s for s in game.seats if s.user_id == target_user_id), None)
        if seat is None:
            raise errors.LobbyProblem(_("That user is not in this game."))
        if game.status == "lobby":
            try:
                await self.storage.leave(game.id, seat.player_id)
            except (NotSeated, WrongStatus):
                raise errors.LobbyProblem(_("That seat is no longer in the lobby.")) from None
            return await self.storage.get_game(game.id), False
        if seat.ai_level is not None:
            raise errors.LobbyProblem(_("An AI already plays for {name}.", name=seat.display_name))
        async with self.lock(game.id):
            level = self.rules(game).timeout_level
            await self.storage.set_seat_ai(game.id, seat.player_id, level)
            if game.state is not None:
                await self._refresh_deadline(game.id)
            self.forget(game.id)
        return await self.storage.get_game(game.id), True

    async def remove_bot(
        self, channel_id: int, user_id: int, player_id: str, kind: str | None = None
    ) -> Game:
        """Host only, lobby only: take an AI's seat away again."""
        game = await self.in_channel(channel_id, kind)
        if user_id != game.host_id:
            raise errors.HostOnly(_("Only the host can remove a bot."))
        seat = game.seat_of(player_id)
        if seat is None or seat.user_id is not None:
            raise errors.LobbyProblem(_("There is no such bot in this game."))
        if game.status != "lobby":
            raise errors.LobbyProblem(_("Bots can only be removed in the lobby."))
        try:
            await self.storage.leave(game.id, player_id)
        except (NotSeated, WrongStatus):
            raise errors.LobbyProblem(_("That seat is no longer in the lobby.")) from None
        return await self.storage.get_game(game.id)

    async def _refresh_deadline(self, game_id: int) -> None:
        """The seat changed hands: a human deadline no longer applies to an AI's turn."""
        game = await self.storage.get_game(game_id)  # read under the lock: current
        if game.state is None or is_paused(game):
            return  # a pause keeps its own end
        deadline = self.deadline_for(game, self.engine(game).from_json(game.state))
        await self.storage.set_turn_deadline(game_id, deadline)
