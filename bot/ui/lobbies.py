"""One public lobby message per game.

`new` (and a rematch) posts it and remembers it as the game's message (`table_message_id`:
the lobby's message until the start, then the table's). Every later lobby change — a command
or a button — edits that one message, so no older copy keeps live Join/Leave/Start buttons;
a command's own answer is ephemeral. If the message is gone, the next change posts it anew.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.platform.presentation import presentation
from bot.ui.delivery import post_public, respond
from bot.ui.locales import in_server_language
from storage import Game

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)


async def post_lobby(
    bot: GameBot, interaction: discord.Interaction, game: Game, content: str | None = None
) -> None:
    """Post the lobby publicly (this interaction's answer if it has none yet) and remember it."""
    async with in_server_language(bot, game.guild_id):  # public
        lobby = presentation(game.game).lobby_message(game)
    embed, view = lobby.embed, lobby.view  # a lobby has no pictures
    mentions = discord.AllowedMentions.none()
    message_id = await post_public(
        interaction, content=content, embed=embed, view=view, allowed_mentions=mentions
    )
    await bot.service.set_table_message(game.id, message_id)


async def refresh_lobby(bot: GameBot, game: Game, *, skip: int | None = None) -> bool:
    """Edit the remembered lobby message to show `game`; False if there is none or Discord
    refused (logged). `skip`: a message already edited by the click's own answer."""
    message_id = game.table_message_id
    if message_id is None:
        return False
    if message_id == skip:
        return True
    async with in_server_language(bot, game.guild_id):  # public
        lobby = presentation(game.game).lobby_message(game)
    embed, view = lobby.embed, lobby.view  # a lobby has no pictures
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    try:
        await channel.get_partial_message(message_id).edit(embed=embed, view=view)
    except discord.HTTPException as exc:
        log.warning("lobby message edit failed for game %s: %s", game.id, exc)
        return False
    return True


async def show_lobby(
    bot: GameBot, interaction: discord.Interaction, game: Game, text: str, *, public: bool = False
) -> None:
    """After a lobby command: the lobby message shows the change, the user reads `text`
    (ephemerally unless `public`; if the lobby message was lost, the lobby is posted anew)."""
    if await refresh_lobby(bot, game):
        if public:
            none = discord.AllowedMentions.none()
            await interaction.response.send_message(text, allowed_mentions=none)
        else:
            await respond(interaction, text, ephemeral=True)
    else:
        await post_lobby(bot, interaction, game, text)
