"""The Adventure game's component adapter: what its DynamicItems call (bound per client through
the registry). It resolves an index or a toggled set against the legal decisions the pack was
drawn from, calls the game service (which re-checks seat, version and turn under the lock, and
the engine re-checks the rules), and turns the answers into Discord responses."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import discord

from bot.games.adventure import buying, decisions
from bot.games.adventure.leaderboard import board_page, board_view, render_board
from bot.games.adventure.messages.lobby import lobby_message
from bot.games.adventure.messages.pack import pack_message
from bot.games.adventure.presenter import PRESENTATION
from bot.games.adventure.text.reasons import reason_text
from bot.games.adventure.text.rulebook import rules_text
from bot.i18n import N_, _
from bot.platform.controller import GameController
from bot.platform.decisions import DecisionRef
from bot.platform.presentation import Message
from bot.service import StaleView, errors, player_id_for
from bot.ui.locales import in_server_language
from engine.adventure.said import Said

GONE = N_("That choice is not possible now.")
STALE = N_("That view is out of date. Here is your current pack.")


class Controller(GameController):
    presentation = PRESENTATION
    lobby_message = staticmethod(lobby_message)

    async def stale(self, interaction: discord.Interaction, stale: StaleView) -> None:
        """The current pack, in place of the clicked one when that was private."""
        await self.show_hand(
            interaction, stale.game_id, notice=_(STALE), edit=_is_private(interaction)
        )

    def engine_reason(self, reason: object) -> str | None:
        return reason_text(reason) if isinstance(reason, Said) else None

    def private_message(
        self, hand: Any, *, notice: str | None = None, reply: Sequence[str] = (), **extra: Any
    ) -> Message:
        """The pack; `mask`: the toggles chosen so far (a toggle click redraws it)."""
        mask = extra.get("mask", 0)
        pack = replace(hand, mask=mask) if mask else hand
        return Message(*pack_message(pack, notice=notice, reply=tuple(reply)))

    def final_text(self, lines: Sequence[str]) -> str:
        """The game's last lines, their end kept (the Dragon's fall, the winner)."""
        return "\n".join(lines)[-1900:] or _("Done.")

    async def rules_for(self, game_id: int) -> str:
        return rules_text(None)

    # ----------------------------------------------------------- components

    async def _legal(self, game_id: int, player: str, version: int, fp: str) -> Any:
        """The legal decisions the clicked pack was drawn from (else: it is out of date)."""
        ref = DecisionRef(game_id, version, fp)
        __, state, legal = await self.service.click(ref, player, decision=True)
        pending = state.pending
        kind = pending.kind if pending is not None and pending.player == player else None
        return legal, kind

    async def undo_click(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None:
        """Undo on a pack: the hobbit's last decision taken back (the service checks that the
        rules allow it, else one line says why not and nothing changes)."""

        async def body() -> None:
            player = player_id_for(interaction.user.id)
            outcome = await self.service.take_back(game_id, player, version)
            await self.after_move(interaction, outcome, edit=_is_private(interaction))

        await self.guarded(interaction, game_id, body)

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
            if kind not in decisions.TOGGLED or not 0 <= mask < 1 << len(
                decisions.items(kind, legal)
            ):
                raise errors.Rejected(_(GONE))
            picked = decisions.chosen(kind, legal, mask)
            if kind == "buy" and not buying.fits(legal, picked):  # a crafted or odd mask
                __, state = await self.service.running(game_id)
                raise errors.Rejected(buying.over(picked, state.hobbits[player].gp))
            await self.show_hand(interaction, game_id, edit=True, mask=mask)

        await self.guarded(interaction, game_id, body)

    async def submit(
        self, interaction: discord.Interaction, game_id: int, version: int, fp: str, mask: int
    ) -> None:
        async def body() -> None:
            player = player_id_for(interaction.user.id)
            legal, kind = await self._legal(game_id, player, version, fp)
            decision = (
                decisions.decision_for(kind, legal, mask) if kind in decisions.TOGGLED else None
            )
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
