"""The answers of `/tabletop season start|end|status` (cogs/tabletop.py declares them).

Starting and ending are for managers (Manage Server): Discord shows the command only to them,
but a server may allow it to others, so the permission is checked again here. Refusals are
ephemeral, in the clicker's language; the start is announced publicly in the server's, and an
ended season's final table is posted where it was started (bot/ui/seasons.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

import discord
from discord import app_commands

from bot.i18n import N_, _
from bot.platform.registry import table_rules
from bot.service import GameError, seasons
from bot.ui.delivery import respond
from bot.ui.locales import in_server_language
from bot.ui.seasons import post_final_table, season_embed, when

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

GAME_CHOICES = [
    app_commands.Choice(name="Love Letter", value="loveletter"),
    app_commands.Choice(name="The Hobbit Adventure Boardgame", value="adventure"),
]
MANAGERS_ONLY = N_("Only members with **Manage Server** can start or end seasons here.")
T = TypeVar("T")


async def _guarded(
    interaction: discord.Interaction, work: Callable[[int], Awaitable[T]], *, managers: bool
) -> T | None:
    """`work(guild_id)`, or None once the refusal (not a manager, or the service's) is sent."""
    guild_id = interaction.guild_id
    perms = getattr(interaction.user, "guild_permissions", None)
    if guild_id is None or (managers and not (perms and perms.manage_guild)):
        await respond(interaction, _(MANAGERS_ONLY), ephemeral=True)
        return None
    try:
        return await work(guild_id)
    except GameError as refused:
        await respond(interaction, str(refused), ephemeral=True)
        return None


async def start(
    bot: GameBot, interaction: discord.Interaction, game: str, days: int | None
) -> None:
    started = await _guarded(
        interaction,
        lambda guild_id: seasons.start_season(
            bot.storage, guild_id, game, interaction.channel_id or 0, interaction.user.id, days
        ),
        managers=True,
    )
    if started is None:
        return
    async with in_server_language(bot, started.guild_id):  # public: the channel is told
        text = _(
            "{user} started season {number} of {game}: every game that ends from now on"
            " counts in it, with ratings of its own ({since}). All-time ratings go on.",
            user=interaction.user.mention,
            number=started.number,
            game=table_rules(started.game).title(),
            since=when(started),
        )
    await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())


async def end(bot: GameBot, interaction: discord.Interaction, game: str) -> None:
    board = await _guarded(
        interaction,
        lambda guild_id: seasons.end_season(bot.storage, guild_id, game),
        managers=True,
    )
    if board is None:
        return
    text = _(
        "Season {number} has ended; its final table is posted in <#{channel}>.",
        number=board.season.number,
        channel=board.season.channel_id,
    )
    await respond(interaction, text, ephemeral=True)
    await post_final_table(bot, board)


async def status(bot: GameBot, interaction: discord.Interaction, game: str) -> None:
    """Anyone the server lets run the command: the running (or last) season's table."""
    board = await _guarded(
        interaction,
        lambda guild_id: seasons.season_board(bot.storage, guild_id, game, None),
        managers=False,
    )
    if board is not None:
        embed = discord.Embed.from_dict(season_embed(board))
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )
