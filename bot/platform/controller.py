"""The one controller of the platform: what every game's components do alike. The guarded
run of a handler, the lobby click, the player's private hand (or pack) and the answer to a
move, the table posted, the rules; a move's follow-up is `bot.ui.flow`'s.

A game's controller subclasses `GameController`, names its `presentation` and `lobby_message`,
says in `private_message` how a hand is drawn and in `stale` how it answers a click on an
out-of-date view; it keeps only its own clicks (its decisions, a leaderboard's pages).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import _
from bot.platform.presentation import Message, Presentation
from bot.service import GameError, GameService, Outcome, StaleView, player_id_for
from bot.service.errors import NoGame, Rejected
from bot.ui import pictures
from bot.ui.delivery import apologise, post_public, reply_lines, respond, respond_message
from bot.ui.lobbies import refresh_lobby
from bot.ui.locales import in_clickers_language, in_server_language
from bot.ui.long_text import respond_text
from storage import Game, GameNotFound

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)


Posting = Callable[["GameController", discord.Interaction, int], Awaitable[None]]


def _in_server_language(post: Posting) -> Posting:
    """`post` (a public message) written in the language of the interaction's server."""

    @functools.wraps(post)
    async def public(self: GameController, interaction: discord.Interaction, game_id: int) -> None:
        async with in_server_language(self.bot, interaction.guild_id):
            await post(self, interaction, game_id)

    return public


class GameController:
    presentation: Presentation
    lobby_message: Callable[[Game], tuple[discord.Embed, discord.ui.View]]

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's `post_table` posts the public table, whoever asked (the start, a `table`
        command): it is always written in the server's language, not the clicker's."""
        super().__init_subclass__(**kwargs)
        if "post_table" in cls.__dict__:
            cls.post_table = _in_server_language(cls.__dict__["post_table"])  # type: ignore[method-assign]

    @property
    def service(self) -> GameService:
        service: GameService = self.bot.service
        return service

    async def guarded(
        self,
        interaction: discord.Interaction,
        game_id: int | None,
        body: Callable[[], Awaitable[None]],
    ) -> None:
        """Run a handler: refusals become ephemeral answers (an out-of-date view: `stale`),
        surprises an apology and a log line with the game id."""
        interaction.extras["game_id"] = game_id
        async with in_clickers_language(self.bot, interaction):
            try:
                await body()
                await self.bot.dms.tell_once(interaction, interaction.extras.get("game_id"))
            except StaleView as stale:
                await self.stale(interaction, stale)
            except GameError as refusal:
                shown = self.in_readers_words(refusal)
                text = shown.for_game(self.presentation.rules.title(), self.presentation.command)
                await respond(interaction, text, ephemeral=True)
            except Exception as error:  # noqa: BLE001 - every surprise is logged with its game
                await apologise(interaction, game_id, error)

    def engine_reason(self, reason: object) -> str | None:
        """An engine refusal's reason in the reader's words, for a game whose engine gives its
        reasons as templates with values; None: the refusal is shown as raised."""
        return None

    def in_readers_words(self, refusal: GameError) -> GameError:
        if isinstance(refusal, Rejected) and refusal.args:
            text = self.engine_reason(refusal.args[0])
            if text is not None:
                return Rejected(text)
        return refusal

    async def answered_then(
        self, game_id: int, answer: Awaitable[object], then: Callable[[], Awaitable[None]]
    ) -> None:
        """Answer the click, then `then` (what its committed change sets off: table, next
        turn, DMs) whether or not the answer reached Discord. A failed answer (a click that
        took over 3 s: 10062, any HTTP error) is logged; anything else still raises after
        `then`, for `guarded`'s apology."""
        try:
            await answer
        except discord.HTTPException as exc:
            log.warning("the answer to a click in game %s failed (%s); it stands", game_id, exc)
        finally:
            await then()

    async def answer_move(
        self, interaction: discord.Interaction, outcome: Outcome, answer: Awaitable[None]
    ) -> None:
        """Answer the mover with `answer`, then everything the move sets off (`flow.follow`)."""
        clicked = interaction.message

        async def answer_then_mark() -> None:
            await answer
            if clicked is not None:  # a turn DM clicked: this answer replaced it
                await self.bot.dms.answered(outcome.game.id, clicked.id, outcome.game.version)

        await self.answered_then(
            outcome.game.id, answer_then_mark(), lambda: self.bot.flow.follow(outcome)
        )

    async def stale(self, interaction: discord.Interaction, stale: StaleView) -> None:
        """Answer a click on an out-of-date view with the current one."""
        raise NotImplementedError

    # ----------------------------------------------------------- the private hand

    def private_message(
        self, hand: Any, *, notice: str | None = None, reply: Sequence[str] = (), **extra: Any
    ) -> Message:
        """One player's hand (or pack) as their private answer; `extra`: what a game's own
        controls carry (the Adventure's toggled mask)."""
        return self.presentation.hand_message(hand, reply=reply)

    async def answer_private(
        self, interaction: discord.Interaction, message: Message, *, edit: bool
    ) -> None:
        """A hand message as this user's ephemeral answer, its pictures if they want them (an
        edit drops the pictures the message had)."""
        wanted = bool(message.pictures) and await pictures.wanted(self.bot, interaction.user.id)
        await respond_message(interaction, message, pictures=wanted, ephemeral=True, edit=edit)

    async def show_hand(
        self,
        interaction: discord.Interaction,
        game_id: int,
        *,
        notice: str | None = None,
        edit: bool = False,
        reply: tuple[str, ...] = (),
        **extra: Any,
    ) -> None:
        """The clicking player's hand (or pack) now, with their decisions if theirs to make."""
        game, state = await self.service.running(game_id)
        hand = self.service.hand(game, state, player_id_for(interaction.user.id))
        message = self.private_message(hand, notice=notice, reply=reply, **extra)
        await self.answer_private(interaction, message, edit=edit)

    async def hand_click(self, interaction: discord.Interaction, game_id: int) -> None:
        """ "My hand" ("My pack") on the table, a ping or a DM."""

        async def body() -> None:
            await self.show_hand(interaction, game_id)

        await self.guarded(interaction, game_id, body)

    # ----------------------------------------------------------- after a move

    def final_text(self, lines: Sequence[str]) -> str:
        """The mover's lines when the move ended the game (no hand to show them over)."""
        return "\n".join(lines)[:1900] or _("Done.")

    async def after_move(
        self, interaction: discord.Interaction, outcome: Outcome, *, edit: bool
    ) -> None:
        """Answer the mover (their lines over their new hand, drawn from the committed state:
        no read); the table, DMs and the next turn follow even if that answer fails."""
        reply = tuple(reply_lines(self.presentation, outcome))

        async def answer() -> None:
            if outcome.game.status != "running":
                text = self.final_text(reply)
                await respond(interaction, text, edit=edit, view=discord.ui.View())
                return
            hand = self.service.hand(outcome.game, outcome.state, outcome.actor)
            message = self.private_message(hand, reply=reply)
            await self.answer_private(interaction, message, edit=edit)

        await self.answer_move(interaction, outcome, answer())

    # ----------------------------------------------------------- the table and its rules

    @_in_server_language
    async def post_table(self, interaction: discord.Interaction, game_id: int) -> None:
        """Send the table as this interaction's public answer and remember it as the table."""
        game, state = await self.service.running(game_id)
        table = self.service.table(game, state)
        kwargs = await pictures.message_kwargs(
            self.bot.tables.dressed(self.presentation.table_message(table), game_id),
            pictures=self.bot.tables.pictures,
            edit=False,
            off_loop=True,  # a table picture is never drawn on the loop
        )
        message_id = await post_public(interaction, **kwargs)
        await self.service.set_table_message(game_id, message_id)
        self.bot.tables.mark_shown(table)

    async def rules_for(self, game_id: int) -> str:
        """The rules "Rules" on a table shows (also once the game is over)."""
        raise NotImplementedError

    async def rules_click(self, interaction: discord.Interaction, game_id: int) -> None:
        async def body() -> None:
            await respond_text(interaction, await self.rules_for(game_id), ephemeral=True)

        await self.guarded(interaction, game_id, body)

    async def variant_of(self, game_id: int) -> str:
        """The stored game's variant (finished games too); NoGame if it is gone."""
        try:
            game = await self.bot.storage.get_game(game_id)
        except GameNotFound:
            raise NoGame(_("That game no longer exists.")) from None
        return str(game.variant)

    async def lobby_click(
        self, interaction: discord.Interaction, action: str, game_id: int
    ) -> None:
        """Join, Leave or Start on a lobby message: the lobby is edited in place."""

        async def body() -> None:
            user, channel_id = interaction.user, interaction.channel_id or 0
            game = await self.service.lobby_action(
                action, channel_id, user.id, user.display_name, self.presentation.rules.game.name
            )
            if game.id != game_id:
                raise GameError(_("That lobby is closed."))
            async with in_server_language(self.bot, game.guild_id):  # the lobby is public
                embed, view = self.lobby_message(game)
            answer = interaction.response.edit_message(embed=embed, view=view)
            await self.answered_then(
                game.id, answer, lambda: self._lobby_changed(interaction, game)
            )

        await self.guarded(interaction, game_id, body)

    async def _lobby_changed(self, interaction: discord.Interaction, game: Game) -> None:
        """After a lobby click, answered or not: every copy of the lobby shows it, and a
        started game gets its table and first turn."""
        answered = interaction.response.is_done()  # the clicked lobby shows it already
        clicked = interaction.message.id if answered and interaction.message else None
        await refresh_lobby(self.bot, game, skip=clicked)  # an older copy, or the unanswered one
        if game.status != "lobby":
            await self.start_table(interaction, game.id)

    async def start_table(self, interaction: discord.Interaction, game_id: int) -> None:
        """A game just started: its table, then its first turn even if posting that failed."""
        posted = self.post_table(interaction, game_id)
        await self.answered_then(game_id, posted, lambda: self.bot.flow.game_started(game_id))
