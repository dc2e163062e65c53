"""Direct messages to players: round start, their turn (with play buttons), private news.

DMs are a convenience on top of the table and "My hand", never the only way to play. When
Discord refuses one (50007: the user's DMs are closed) the seat is marked `refused` in the
database and that player gets no more DMs in this game: never a retry. On their turn the
channel mentions them instead, and their next interaction with the game tells them once,
ephemerally, to use "My hand".
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.games.registry import presenter
from bot.service import GameError, PrivateNews
from bot.service.games import GameService
from bot.ui.delivery import respond
from storage import Game

log = logging.getLogger(__name__)
CANNOT_DM = 50007
HINT = (
    "I can't send you direct messages (your DMs are closed for this server), so I won't try "
    "again this game. Use **My hand** on the table (or `/{command} hand`) to see your cards "
    "and play."
)


class DirectMessages:
    """Sends DMs for one bot; also the service's notifier for private news."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self._refused: set[tuple[int, str]] = set()  # (game, player): never DM again
        self._ok: set[tuple[int, str]] = set()  # status already stored as ok
        self._told: set[tuple[int, int]] = set()  # (game, user) given the closed-DM hint
        # turn DMs whose play buttons are live: game -> [(player, channel id, message id)]
        self._turns: dict[int, list[tuple[str, int, int]]] = {}

    @property
    def service(self) -> GameService:
        service: GameService = self.bot.service
        return service

    def refused(self, game: Game, player_id: str) -> bool:
        seat = game.seat_of(player_id)
        return (game.id, player_id) in self._refused or (
            seat is not None and seat.dm_status == "refused"
        )

    async def wants_dm(self, game: Game, player_id: str) -> int | None:
        """The user to DM for this seat, or None (AI seat, DMs off, or refused)."""
        seat = game.seat_of(player_id)
        if seat is None or seat.user_id is None or seat.ai_level is not None:
            return None
        if self.refused(game, player_id):
            return None
        settings = await self.bot.storage.get_user_settings(seat.user_id)
        return seat.user_id if settings.dm_enabled else None

    async def send(self, game: Game, player_id: str, **message: Any) -> bool:
        """One DM; False if it was not sent. A 50007 marks the seat refused for good."""
        return await self._send(game, player_id, **message) is not None

    async def _send(self, game: Game, player_id: str, **message: Any) -> discord.Message | None:
        user_id = await self.wants_dm(game, player_id)
        if user_id is None:
            return None
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            sent: discord.Message = await user.send(**message)
        except discord.Forbidden as exc:
            if exc.code != CANNOT_DM:
                log.warning("DM to %s refused in game %s: %s", user_id, game.id, exc)
                return None
            self._refused.add((game.id, player_id))
            await self.bot.storage.set_dm_status(game.id, player_id, "refused")
            self.service.forget(game.id)  # the next read sees the refused seat
            log.info("DMs closed for user %s in game %s; using the channel", user_id, game.id)
            return None
        except discord.HTTPException as exc:
            log.warning("DM to %s failed in game %s: %s", user_id, game.id, exc)
            return None
        if (game.id, player_id) not in self._ok:
            self._ok.add((game.id, player_id))
            await self.bot.storage.set_dm_status(game.id, player_id, "ok")
        return sent

    # ------------------------------------------------------------ what is sent

    def _where(self, game: Game) -> str:
        return presenter(game.game).dm_place(game)

    async def dealt_anew(self, game_id: int, skip: str | None) -> None:
        """Every human dealt in anew (except `skip`, who gets the turn DM) hears their hand."""
        game, state = await self.service.running(game_id)
        rules = presenter(game.game)
        for seat in game.seats:
            if seat.player_id == skip:
                continue
            text = rules.dealt_text(game, state, self.service.hand(game, state, seat.player_id))
            if text is not None:
                await self.send(game, seat.player_id, content=text)

    async def your_turn(self, game_id: int, player_id: str) -> bool:
        """The player's hand with decision buttons (they work from the DM); False if not sent."""
        game, state = await self.service.running(game_id)
        hand = self.service.hand(game, state, player_id)
        embed, view = presenter(game.game).hand_message(hand)
        text = f"It's your turn — {self._where(game)}."
        sent = await self._send(game, player_id, content=text, embed=embed, view=view)
        if sent is None:
            return False
        self._turns.setdefault(game_id, []).append((player_id, sent.channel.id, sent.id))
        return True

    def answered(self, message_id: int) -> None:
        """A turn DM the player clicked: the click's own answer has replaced its buttons."""
        for turns in self._turns.values():
            turns[:] = [t for t in turns if t[2] != message_id]

    async def supersede(self, game: Game) -> None:
        """After a move: the turn DMs sent before it lose their buttons (the player played
        from "My hand", or the time ran out), so no DM keeps offering a turn that is gone."""
        where = self._where(game)
        for _player, channel_id, message_id in self._turns.pop(game.id, []):
            channel = self.bot.get_partial_messageable(channel_id)
            try:
                await channel.get_partial_message(message_id).edit(
                    content=f"That turn is over — {where}.", embed=None, view=None
                )
            except discord.HTTPException as exc:
                log.warning("could not close an old turn DM in game %s: %s", game.id, exc)

    async def notify(self, news: Sequence[PrivateNews]) -> None:
        """The service's Notifier: what another player's card did to you or showed you."""
        for item in news:
            try:
                game = await self._game(item.game_id)
                text = f"{self._where(game)}:\n" + "\n".join(f"• {line}" for line in item.lines)
                await self.send(game, item.player_id, content=text[:2000])
            except Exception:  # noqa: BLE001 - a notifier must never raise into the move
                log.exception("private news DM failed for game %s", item.game_id)

    async def _game(self, game_id: int) -> Game:
        try:
            game, _ = await self.service.running(game_id)
        except GameError:  # finished by this very move
            game = await self.bot.storage.get_game(game_id)
        return game

    async def tell_once(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """After any interaction with the game: the one ephemeral hint about closed DMs. The
        seat remembers it was given (storage), so a restart does not give it again."""
        key = (game_id or 0, interaction.user.id)
        if game_id is None or key in self._told:
            return
        try:
            game, _ = await self.service.running(game_id)  # cached: no read per click
        except GameError:  # a lobby (no DMs yet) or a finished game: nothing to tell
            return
        seat = next((s for s in game.seats if s.user_id == interaction.user.id), None)
        if seat is None or seat.dm_status != "refused" or seat.dm_hint_shown or key in self._told:
            return
        self._told.add(key)  # before any await: a simultaneous interaction must not tell twice
        await self.bot.storage.set_dm_hint_shown(game_id, seat.player_id)
        try:
            hint = HINT.replace("{command}", presenter(game.game).command)
            await respond(interaction, hint, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not send the closed-DM hint in game %s", game_id)
