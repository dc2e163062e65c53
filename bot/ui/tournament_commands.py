"""The answers of `/tabletop tournament new|status|withdraw|cancel` (cogs/tabletop.py
declares them; the sign-up message's buttons are in bot/ui/tournaments.py).

Opening a tournament is for managers (Manage Server), who become its organiser; starting and
cancelling it for the organiser or a manager. Refusals are one ephemeral line in the
clicker's language, with nothing stored; the tournament's own messages are public, in the
server's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import N_, _
from bot.platform.registry import all_rules
from bot.service import GameError
from bot.service.tournaments import service
from bot.ui.delivery import respond
from bot.ui.locales import in_clickers_language, in_server_language
from bot.ui.tournaments import can_manage, post_signup, refresh_signup, status_embed, withdrawn_text

if TYPE_CHECKING:
    from bot.runtime.client import GameBot

FORMAT_CHOICES = [
    app_commands.Choice(name="Swiss", value="swiss"),
    app_commands.Choice(name="Round-robin", value="roundrobin"),
]
MANAGERS_ONLY = N_("Only members with **Manage Server** can open a tournament here.")


async def game_names(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The games a tournament can be of (the option is typed: a wrong name gets one line)."""
    return [
        app_commands.Choice(name=rules.title(), value=name)
        for name, rules in all_rules().items()
        if current.lower() in name or current.lower() in rules.title().lower()
    ]


async def new(
    bot: GameBot,
    interaction: discord.Interaction,
    game: str,
    fmt: str,
    seats: int,
    rounds: int | None,
    ai: bool,
) -> None:
    async with in_clickers_language(bot, interaction):
        if interaction.guild_id is None or not can_manage(interaction):
            await respond(interaction, _(MANAGERS_ONLY), ephemeral=True)
            return
        try:
            t = await service.create(
                bot.storage, interaction.guild_id, interaction.channel_id or 0,
                interaction.user.id, game.strip().lower(), fmt, seats, rounds, ai,
            )  # fmt: skip
        except GameError as refused:
            await respond(interaction, str(refused), ephemeral=True)
            return
    await post_signup(bot, interaction, t)


async def status(bot: GameBot, interaction: discord.Interaction, number: int | None) -> None:
    async with in_clickers_language(bot, interaction):
        try:
            t = await service.find(bot.storage, interaction.guild_id or 0, number)
        except GameError as refused:
            await respond(interaction, str(refused), ephemeral=True)
            return
        embed = await status_embed(bot, t)
    await interaction.response.send_message(
        embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
    )


async def withdraw(bot: GameBot, interaction: discord.Interaction, number: int | None) -> None:
    async with in_clickers_language(bot, interaction):
        try:
            t = await service.find(bot.storage, interaction.guild_id or 0, number)
            running = await service.withdraw(bot.storage, t, interaction.user.id)
        except GameError as refused:
            await respond(interaction, str(refused), ephemeral=True)
            return
        await respond(interaction, withdrawn_text(t, running), ephemeral=True)
    await refresh_signup(bot, t)


async def cancel(bot: GameBot, interaction: discord.Interaction, number: int | None) -> None:
    async with in_clickers_language(bot, interaction):
        try:
            t = await service.find(bot.storage, interaction.guild_id or 0, number)
            await service.cancel(bot.storage, t, interaction.user.id, can_manage(interaction))
        except GameError as refused:
            await respond(interaction, str(refused), ephemeral=True)
            return
    async with in_server_language(bot, interaction.guild_id):  # public: the channel is told
        text = _(
            "Tournament {id} was cancelled by {user}; its games already played still count"
            " as games, nothing more is paired.",
            id=t.id,
            user=interaction.user.mention,
        )
    await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())
    cancelled = await bot.storage.require_tournament(t.id)
    await refresh_signup(bot, cancelled)
