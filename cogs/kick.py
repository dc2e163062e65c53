"""What `/kick` does once the host has named whom (`cogs.base.GameCog.kick` declares the
command): a lobby AI leaves its seat, or a player leaves theirs, where in a running game an AI
plays it on from the next turn.

Its own module because taking a seat from someone is one concept, with its own public answers
(in the server's language) and, in a running game, the AI's turn after the answer; the shared
commands' declarations and checks stay in cogs/base.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.i18n import _
from bot.ui.lobbies import show_lobby
from bot.ui.locales import in_server_language

if TYPE_CHECKING:
    from cogs.base import GameCog


async def kick_bot(cog: GameCog, interaction: discord.Interaction, bot: str) -> None:
    """The host takes the lobby seat of the AI `bot` (its player id) in `cog`'s game."""
    channel_id, host = interaction.channel_id or 0, interaction.user.id
    seat = (await cog._in_channel(interaction)).seat_of(bot)
    game = await cog.service.remove_bot(channel_id, host, bot, cog.game)
    who = cog.ai_label(seat) if seat is not None else None
    if who is None:
        text = _("The {ai} left the lobby.", ai=_(cog.ai_seat))
    else:
        text = _("{name} left the lobby.", name=who)
    await show_lobby(cog.bot, interaction, game, text)


async def kick_user(cog: GameCog, interaction: discord.Interaction, user: discord.User) -> None:
    """The host removes `user`: from the lobby, or from a running game, where an AI takes
    their seat (it plays once the answer is sent)."""
    channel_id, host = interaction.channel_id or 0, interaction.user.id
    game, takeover = await cog.service.kick(channel_id, host, user.id, cog.game)
    if not takeover:
        async with in_server_language(cog.bot, interaction.guild_id):  # public
            text = _("{user} was removed from the lobby.", user=user.mention)
        await show_lobby(cog.bot, interaction, game, text, public=True)
        return
    # committed: the AI takes the turn even if this answer fails
    seat = game.seat_of(str(user.id))
    level = f" ({seat.ai_level})" if seat and cog.ai_label(seat) else ""
    async with in_server_language(cog.bot, interaction.guild_id):  # public
        text = _(
            "{user} was removed; an {ai}{level} plays their seat from now on.",
            user=user.mention,
            ai=_(cog.ai_seat),
            level=level,
        )
    answer = interaction.response.send_message(
        text, allowed_mentions=discord.AllowedMentions.none()
    )
    seated = cog.bot.flow.seat_changed
    await cog.ctl.answered_then(game.id, answer, lambda: seated(game.id))
