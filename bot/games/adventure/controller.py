"""The Adventure game's component adapter: what its DynamicItems call (bound per client through
the registry). It resolves an index or a toggled set against the legal decisions the pack was
drawn from, calls the game service (which re-checks seat, version and turn under the lock, and
the engine re-checks the rules), and turns the answers into Discord responses."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord

from bot.games.adventure import buying, steps
from bot.games.adventure.boards import board_page, board_view, render_board
from bot.games.adventure.pack import pack_message
from bot.games.adventure.presenter import PRESENTER
from bot.games.adventure.reasons import reason_text
from bot.games.adventure.rules import rules_text
from bot.games.adventure.views import lobby_message
from bot.games.controller import GameController
from bot.i18n import N_, _
from bot.service import Outcome, StaleView, errors, player_id_for
from bot.ui import pictures
from bot.ui.delivery import post_public, reply_lines, respond
from bot.ui.locales import in_server_language
from bot.ui.long_text import respond_text
from engine.adventure.said import Said

GONE = N_("That choice is not possible now.")
STALE = N_("That view is out of date. Here is your current pack.")


class Controller(GameController):
    presenter = PRESENTER
    lobby_message = staticmethod(lobby_message)

    async def stale(self, interaction: discord.Interaction, stale: StaleView) -> None:
        """The current pack, in place of the clicked one when that was private."""
        await self.show_pack(
            interaction, stale.game_id, notice=_(STALE), edit=_is_private(interaction)
        )

    def engine_reason(self, reason: object) -> str | None:
        return reason_text(reason) if isinstance(reason, Said) else None

    # ----------------------------------------------------------- shared helpers

    async def show_pack(
        self,
        interaction: discord.Interaction,
        game_id: int,
        *,
        notice: str | None = None,
        edit: bool = False,
        reply: tuple[str, ...] = (),
        mask: int = 0,
    ) -> None:
        game, state = await self.service.running(game_id)
        pack = self.service.hand(game, state, player_id_for(interaction.user.id))
        if mask:
            pack = replace(pack, mask=mask)
        embed, view = pack_message(pack, notice=notice, reply=reply)
        await respond(interaction, embed=embed, view=view, ephemeral=True, edit=edit)

    async def after_move(
        self, interaction: discord.Interaction, outcome: Outcome, *, edit: bool
    ) -> None:
        """Answer the mover (its lines and new pack); the table, DMs and the next decision
        follow even if that answer fails."""
        await self.answer_move(interaction, outcome, self._answer_move(interaction, outcome, edit))

    async def _answer_move(
        self, interaction: discord.Interaction, outcome: Outcome, edit: bool
    ) -> None:
        game = outcome.game
        reply = tuple(reply_lines(PRESENTER, outcome))
        if game.status == "running":
            __, state = await self.service.running(game.id)
            pack = self.service.hand(game, state, outcome.actor)
            embed, view = pack_message(pack, reply=reply)
            await respond(interaction, embed=embed, view=view, ephemeral=True, edit=edit)
            return
        text = "\n".join(reply)[-1900:] or _("Done.")
        await respond(interaction, text, ephemeral=True, edit=edit, view=discord.ui.View())

    async def post_table(self, interaction: discord.Interaction, game_id: int) -> None:
        """Send the table (with the board picture) publicly and remember it as the table."""
        game, state = await self.service.running(game_id)
        table = self.service.table(game, state)
        kwargs = await pictures.message_kwargs(
            self.bot.tables.dressed(PRESENTER.table_message(table), game_id),
            pictures=self.bot.tables.pictures,
            edit=False,
            off_loop=True,  # the board, like every table picture: not on the loop
        )
        message_id = await post_public(interaction, **kwargs)
        await self.service.set_table_message(game_id, message_id)
        self.bot.tables.mark_shown(table)

    # ----------------------------------------------------------- components

    async def pack_click(self, interaction: discord.Interaction, game_id: int) -> None:
        async def body() -> None:
            await self.show_pack(interaction, game_id)

        await self.guarded(interaction, game_id, body)

    async def rules_click(self, interaction: discord.Interaction, game_id: int) -> None:
        async def body() -> None:
            await respond_text(interaction, rules_text(None), ephemeral=True)

        await self.guarded(interaction, game_id, body)

    async def _legal(self, game_id: int, player: str, version: int, fp: str) -> Any:
        """The legal decisions the clicked pack was drawn from (else: it is out of date)."""
        game, state = await self.service.running(game_id)
        self.service.check(game, state, player, version, decision=True, free=True)
        legal = tuple(self.service.legal(game, state, player))
        if fp != steps.fingerprint(legal):
            raise StaleView(game_id)
        pending = state.pending
        kind = pending.kind if pending is not None and pending.player == player else None
        return legal, kind

    async def decide(
        self, interaction: discord.Interaction, game_id: int, version: int, fp: str, index: int
    ) -> None:
        async def body() -> None:
            player = player_id_for(interaction.user.id)
            legal, __ = await self._legal(game_id, player, version, fp)
            if not 0 <= index < len(legal):
                raise errors.Rejected(_(GONE))
            outcome = await self.service.play(game_id, player, legal[index], version)
            await self.after_move(interaction, outcome, edit=_is_private(interaction))

        await self.guarded(interaction, game_id, body)

    async def toggle(
        self, interaction: discord.Interaction, game_id: int, version: int, fp: str, mask: int
    ) -> None:
        async def body() -> None:
            player = player_id_for(interaction.user.id)
            legal, kind = await self._legal(game_id, player, version, fp)
            if kind not in steps.TOGGLED or not 0 <= mask < 1 << len(steps.items(kind, legal)):
                raise errors.Rejected(_(GONE))
            picked = steps.chosen(kind, legal, mask)
            if kind == "buy" and not buying.fits(legal, picked):  # a crafted or odd mask
                __, state = await self.service.running(game_id)
                raise errors.Rejected(buying.over(picked, state.hobbits[player].gp))
            await self.show_pack(interaction, game_id, edit=True, mask=mask)

        await self.guarded(interaction, game_id, body)

    async def submit(
        self, interaction: discord.Interaction, game_id: int, version: int, fp: str, mask: int
    ) -> None:
        async def body() -> None:
            player = player_id_for(interaction.user.id)
            legal, kind = await self._legal(game_id, player, version, fp)
            decision = steps.decision_for(kind, legal, mask) if kind in steps.TOGGLED else None
            if decision is None:
                raise errors.Rejected(_(GONE))
            outcome = await self.service.play(game_id, player, decision, version)
            await self.after_move(interaction, outcome, edit=_is_private(interaction))

        await self.guarded(interaction, game_id, body)

    async def page_click(
        self, interaction: discord.Interaction, guild_id: int, order: str, page: int
    ) -> None:
        async def body() -> None:
            board = await board_page(self.bot.storage, guild_id, order, page)
            async with in_server_language(self.bot, guild_id):  # a public leaderboard
                embed, view = discord.Embed.from_dict(render_board(board)), board_view(board)
            await interaction.response.edit_message(embed=embed, view=view)

        await self.guarded(interaction, None, body)


def _is_private(interaction: discord.Interaction) -> bool:
    """A click in an ephemeral pack or a DM: the answer replaces that message."""
    message = interaction.message
    if message is None:
        return False
    return message.flags.ephemeral or interaction.guild_id is None
