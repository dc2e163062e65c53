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
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _
from bot.i18n.shown import shown_paths
from bot.platform.presentation import presentation
from bot.service import GameError, PrivateNews
from bot.service.games import GameService
from bot.ui import pictures
from bot.ui.delivery import respond
from bot.ui.failures import log_failure
from bot.ui.locales import in_users_language
from bot.ui.turn_dms import TurnDM, TurnDMs
from storage import Game

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)


CANNOT_DM = 50007


class DirectMessages:
    """Sends DMs for one bot: turns, new hands, hints, and the private news of a move."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._refused: set[tuple[int, str]] = set()  # (game, player): never DM again
        self._ok: set[tuple[int, str]] = set()  # status already stored as ok
        self._told: set[tuple[int, int]] = set()  # (game, user) given the closed-DM hint
        self.turns = TurnDMs(bot)  # the turn DMs with live buttons (kept in the database)

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
        return presentation(game.game).dm_place(game)

    async def dealt_anew(self, game: Game, state: Any, skip: str | None) -> None:
        """Every human dealt in anew (except `skip`, who gets the turn DM) hears their hand."""
        rules = presentation(game.game)
        for seat in game.seats:
            if seat.player_id == skip:
                continue
            hand = self.service.hand(game, state, seat.player_id)
            async with in_users_language(self.bot, seat.user_id):  # a DM: theirs
                text = rules.dealt_text(game, state, hand)
            if text is not None:
                await self.send(game, seat.player_id, content=text)

    async def fresh_turn(self, game: Game, state: Any, player_id: str) -> bool:
        """Whether the game waiting for `player_id` is news to them: a new turn (or a first
        decision out of turn), not the next step of a turn they were already told of."""
        turn = presentation(game.game).rules.turn_of(state, player_id)
        return await self.turns.fresh(game.id, player_id, turn)

    async def your_turn(self, game: Game, state: Any, player_id: str) -> bool:
        """The player's pack or hand with decision buttons (they work from the DM); False if
        not sent. One DM per turn: a later step of the same turn edits that DM in place."""
        user_id = await self.wants_dm(game, player_id)
        if user_id is None:
            return False  # nothing to draw for
        async with in_users_language(self.bot, user_id):  # a DM: theirs
            return await self._your_turn(game, state, player_id, user_id)

    async def _your_turn(self, game: Game, state: Any, player_id: str, user_id: int) -> bool:
        game_id = game.id
        rules = presentation(game.game)
        turn = rules.rules.turn_of(state, player_id)
        live = await self.turns.live(game.id, player_id, turn)
        text = rules.turn_text(game, state, player_id)
        if live is not None and live.shown == game.version and live.text == text:
            return True  # the click's own answer shows this step already
        hand = self.service.hand(game, state, player_id)
        wanted = await pictures.wanted(self.bot, user_id)
        message = rules.hand_message(hand)
        if live is not None:
            kwargs: dict[str, Any] = {}
            if live.shown != game.version:  # else only its line (a new deadline) changed
                kwargs = await pictures.message_kwargs(message, pictures=wanted, edit=True)
            channel = self.bot.get_partial_messageable(live.channel_id)
            try:
                await channel.get_partial_message(live.message_id).edit(content=text, **kwargs)
            except discord.HTTPException as exc:  # deleted, say: a new DM instead
                log.warning("could not edit the turn DM in game %s: %s", game.id, exc)
                await self.turns.drop(game.id, [live.message_id])
            else:
                await self.turns.shows(game.id, live, game.version, text)
                return True
        kwargs = await pictures.message_kwargs(message, pictures=wanted, edit=False)
        sent = await self._send(game, player_id, content=text, **kwargs)
        if sent is None:
            return False
        dm = TurnDM(player_id, sent.channel.id, sent.id, turn, game.version, text)
        await self.turns.note(game_id, dm)
        return True

    async def answered(self, game_id: int, message_id: int, version: int) -> None:
        """A turn DM the player clicked now shows the game at `version` (the click's answer
        replaced it): a one-decision turn's DM is done; a longer turn's DM goes on."""
        dm = next((d for d in await self.turns.of(game_id) if d.message_id == message_id), None)
        if dm is None:
            return
        if dm.turn is None:
            await self.turns.drop(game_id, [message_id])
        else:  # the answer showed the pack but not the DM's line (its deadline)
            await self.turns.shows(game_id, dm, version, "")

    async def supersede(self, game: Game, state: Any = None) -> None:
        """After a move: the turn DMs of turns that are over lose their buttons (the player
        played from "My hand", the time ran out, or the turn passed on), so no DM keeps
        offering a turn that is gone. A DM of a turn still under way stays (and is edited)."""
        turns = await self.turns.of(game.id)
        going = await self._going(game, state, turns)
        over = [t for t in turns if t not in going]
        if game.status != "running":
            await self.turns.forget(game.id)
        else:
            await self.turns.drop(game.id, [t.message_id for t in over])
        for t in over:
            channel = self.bot.get_partial_messageable(t.channel_id)
            seat = game.seat_of(t.player_id)
            async with in_users_language(self.bot, seat.user_id if seat else None):
                text = _("That turn is over — {where}.", where=self._where(game))
            try:
                await channel.get_partial_message(t.message_id).edit(
                    content=text, embed=None, view=None, attachments=[]
                )
            except discord.HTTPException as exc:
                log.warning("could not close an old turn DM in game %s: %s", game.id, exc)

    async def _going(self, game: Game, state: Any, turns: list[TurnDM]) -> list[TurnDM]:
        """The turn DMs whose turn is still under way (none once the game is over); `state`:
        the game's as committed by the move (None: read it)."""
        if game.status != "running" or all(t.turn is None for t in turns):
            return []
        if state is None:
            try:
                _unused, state = await self.service.running(game.id)
            except GameError:  # ended meanwhile (another process, say): every turn is over
                return []
        rules = presentation(game.game).rules
        return [
            t for t in turns if t.turn is not None and rules.turn_of(state, t.player_id) == t.turn
        ]

    async def notify(self, news: Sequence[PrivateNews], game: Game | None = None) -> None:
        """What another player's card did to you or showed you, by DM (a `Notifier`, too);
        `game`: as the move saved it, so no read (else each item's game is read)."""
        for item in news:
            try:
                if game is None or game.id != item.game_id:
                    game = await self._game(item.game_id)
                async with in_users_language(self.bot, item.user_id):  # a DM: theirs
                    where = self._where(game)
                text = f"{where}:\n" + "\n".join(f"• {line}" for line in item.lines)
                await self.send(game, item.player_id, content=text[:2000])
            except Exception:  # noqa: BLE001 - a notifier must never raise into the move
                log_failure(log, self.bot, "private news DM failed for game %s", item.game_id)

    async def _game(self, game_id: int) -> Game:
        try:
            game, _unused = await self.service.running(game_id)
        except GameError:  # finished by this very move
            game = await self.bot.storage.get_game(game_id)
        return game

    async def tell_once(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """After any interaction with the game: the one ephemeral hint about closed DMs. The
        seat remembers it was given (storage), so a restart does not give it again."""
        key = (game_id or 0, interaction.user.id)
        if game_id is None or key in self._told:
            return
        game = self.service.last_known(game_id)  # no read per click, not even a stamp
        if game is None:
            try:
                game, _unused = await self.service.running(game_id)
            except GameError:  # a lobby (no DMs yet) or a finished game: nothing to tell
                return
        seat = next((s for s in game.seats if s.user_id == interaction.user.id), None)
        if seat is None or seat.dm_status != "refused" or seat.dm_hint_shown or key in self._told:
            return
        self._told.add(key)  # before any await: a simultaneous interaction must not tell twice
        await self.bot.storage.set_dm_hint_shown(game_id, seat.player_id)
        try:
            hint = shown_paths(presentation(game.game).closed_dms_text())
            await respond(interaction, hint, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not send the closed-DM hint in game %s", game_id)
