"""Love Letter's component adapter: what its DynamicItems call (bound per client through the
registry). Parses nothing, decides nothing: it calls the game service and turns its answers
(or refusals) into Discord responses, rendering each outcome's events for their readers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.loveletter.decisions import PickRef, Prompt, pick
from bot.games.loveletter.leaderboard import COLUMNS, board_view, render_board
from bot.games.loveletter.messages.hand import hand_message
from bot.games.loveletter.messages.lobby import lobby_message
from bot.games.loveletter.messages.rules import rules_summary
from bot.games.loveletter.messages.table import table_message
from bot.games.loveletter.models import PublicTable
from bot.games.loveletter.presenter import PRESENTATION
from bot.games.loveletter.text.reasons import reason_text
from bot.i18n import N_, _
from bot.platform.controller import GameController
from bot.platform.presentation import Message
from bot.service import StaleView, player_id_for
from bot.service.boards import RATING, BoardPage, leaderboard_page, rating_page
from bot.ui import pictures
from bot.ui.delivery import respond
from bot.ui.lobbies import post_lobby
from bot.ui.locales import in_server_language
from engine.loveletter.moves import Decide
from engine.loveletter.reasons import Reason


class Controller(GameController):
    presentation = PRESENTATION
    lobby_message = staticmethod(lobby_message)

    def engine_reason(self, reason: object) -> str | None:
        return reason_text(reason) if isinstance(reason, Reason) else None

    async def stale(self, interaction: discord.Interaction, stale: StaleView) -> None:
        """The current hand as a new message: the clicked one may hold a move's result."""
        await self.show_hand(interaction, stale.game_id, notice=str(stale))

    def private_message(
        self, hand: Any, *, notice: str | None = None, reply: Sequence[str] = (), **extra: Any
    ) -> Message:
        return hand_message(hand, notice=notice, reply=tuple(reply))

    async def rules_for(self, game_id: int) -> str:
        """The rules of the table's edition."""
        return rules_summary(await self.variant_of(game_id))

    # ----------------------------------------------------------- components

    async def rematch_click(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby in this channel with the same players and settings, posted below."""

        async def body() -> None:
            user = interaction.user
            game = await self.service.rematch(game_id, user.id, user.display_name)
            interaction.extras["game_id"] = game.id
            note = _("Rematch of game {game} — the same players and settings.", game=game_id)
            await post_lobby(self.bot, interaction, game, note)

        await self.guarded(interaction, game_id, body)

    async def pick(
        self, interaction: discord.Interaction, ref: PickRef, values: list[str] | None
    ) -> None:
        async def body() -> None:
            player = player_id_for(interaction.user.id)
            result = await pick(self.service, player, ref, values)
            if isinstance(result, Prompt):
                prompt = hand_message(result.hand, step=result.step, chosen=result.chosen)
                await self.answer_private(interaction, prompt, edit=True)
            else:
                await self.after_move(interaction, result, edit=True)

        await self.guarded(interaction, ref.game_id, body)

    async def decide(
        self, interaction: discord.Interaction, game_id: int, version: int, choice: str
    ) -> None:
        async def body() -> None:
            player = player_id_for(interaction.user.id)
            outcome = await self.service.play(game_id, player, Decide(player, choice), version)
            await self.after_move(interaction, outcome, edit=_is_ephemeral(interaction))

        await self.guarded(interaction, game_id, body)

    async def next_round(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None:
        """End the round break: from a hand, show the new hand; from the table, turn the
        clicked table into the new round's (the answer everybody sees)."""

        async def body() -> None:
            player = player_id_for(interaction.user.id)
            game = await self.service.end_pause(game_id, version, player)
            in_hand = _is_ephemeral(interaction) or interaction.guild_id is None  # hand or DM
            if game is None:  # someone (or the timer) was first: harmless
                if in_hand:
                    await self.show_hand(interaction, game_id, notice=_(STARTED), edit=True)
                    return
                await respond(interaction, _(STARTED), ephemeral=True)
                current, state = await self.service.running(game_id)
                await self._refresh_table(current, self.service.table(current, state))
                return
            # The break is over (committed): the new round starts even if this answer fails.
            if in_hand:
                answer = self.show_hand(interaction, game_id, edit=True)
                await self.answered_then(game_id, answer, lambda: self.bot.flow.round_resumed(game))
                return
            shown = False

            async def show_table() -> None:
                nonlocal shown
                shown = await self._new_round_table(interaction, game)

            resume = self.bot.flow.round_resumed
            await self.answered_then(game_id, show_table(), lambda: resume(game, table_shown=shown))

        await self.guarded(interaction, game_id, body)

    async def _new_round_table(self, interaction: discord.Interaction, game: Any) -> bool:
        """Turn the clicked table into the new round's; True if that was the game's table."""
        _, state = await self.service.running(game.id)
        table = self.service.table(game, state)
        assert isinstance(table, PublicTable)  # this game's table
        async with in_server_language(self.bot, game.guild_id):  # the public table
            kwargs = await pictures.message_kwargs(
                self.bot.tables.dressed(table_message(table), game.id),
                pictures=self.bot.tables.pictures,
                edit=True,
                off_loop=True,
            )
        await interaction.response.edit_message(**kwargs)
        clicked = interaction.message
        on_table = clicked is not None and clicked.id == game.table_message_id
        if on_table:
            self.bot.tables.mark_shown(table)
        return on_table

    async def _refresh_table(self, game: Any, table: Any) -> None:
        """A click on a table that missed an edit: show the truth (newest version wins)."""
        channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        await self.bot.tables.update(channel, game.table_message_id, table, PRESENTATION)

    async def page_click(
        self,
        interaction: discord.Interaction,
        guild_id: int,
        edition: str | None,
        order: str,
        page: int,
    ) -> None:
        """A leaderboard page button."""

        async def body() -> None:
            board = await board_page(self.bot.storage, guild_id, edition, order, page)
            async with in_server_language(self.bot, guild_id):  # a public leaderboard
                embed, view = discord.Embed.from_dict(render_board(board)), board_view(board)
            await interaction.response.edit_message(embed=embed, view=view)

        await self.guarded(interaction, None, body)


async def board_page(
    storage: Any, guild_id: int, edition: str | None, order: str, page: int
) -> BoardPage:
    """One page of the server's Love Letter leaderboard (one edition, or all of them)."""
    rules = PRESENTATION.rules.game
    if order == RATING:  # one rating over all editions
        return await rating_page(storage, guild_id, rules.name, page)
    return await leaderboard_page(
        storage, guild_id, rules.name, tuple(rules.variants), COLUMNS, edition, order, page
    )


STARTED = N_("The next round has already started.")


def _is_ephemeral(interaction: discord.Interaction) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral
