"""Whose language a message is written in: the clicker's, the server's, or a DM reader's.

An interaction's answers (ephemeral replies, hands) are in the clicker's Discord locale
(`interaction.locale`); public messages (lobby, table, results, notices, leaderboards) in the
server's language: the one a manager chose with `/tabletop language` (stored), else the
server's Discord preferred locale; a DM in its reader's last seen locale (their latest
interaction, stored, so it survives a restart). One click may do both: its ephemeral answer in
the clicker's language, the table it changes in the server's (`in_server_language`).

Both are cached in memory; with a shared database (several processes on PostgreSQL) another
process may change either, so there they are read from the database each time.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord

from bot.i18n import ENGLISH, normalise, use_locale

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)


class Languages:
    """One bot's server languages and users' last seen locales, over its storage."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._chosen: dict[int, str | None] = {}  # guild -> the manager's choice (None: none)
        self._guilds: dict[int, str] = {}  # guild -> its Discord locale as interactions said
        self._users: dict[int, str] = {}  # user -> last seen locale, as stored

    @property
    def _cached(self) -> bool:
        return not self.bot.storage.shared

    async def chosen(self, guild_id: int) -> str | None:
        """The language a manager chose for the server, or None (the server's own)."""
        if self._cached and guild_id in self._chosen:
            return self._chosen[guild_id]
        chosen: str | None = await self.bot.storage.get_server_language(guild_id)
        self._chosen[guild_id] = chosen
        return chosen

    async def choose(self, guild_id: int, language: str | None) -> None:
        """A manager's choice for the server's public messages (None: the server's own)."""
        await self.bot.storage.set_server_language(guild_id, language)
        self._chosen[guild_id] = language

    def discord_default(self, guild_id: int) -> str:
        """The server's Discord preferred locale (from the cache, else its last interaction)."""
        guild = self.bot.get_guild(guild_id)
        if guild is not None:
            return normalise(guild.preferred_locale)
        return normalise(self._guilds.get(guild_id, ENGLISH))

    async def server(self, guild_id: int | None) -> str:
        """The language of the server's public messages (English outside any server)."""
        if guild_id is None:
            return ENGLISH
        return normalise(await self.chosen(guild_id) or self.discord_default(guild_id))

    async def user(self, user_id: int | None) -> str:
        """The locale a DM to this user is written in: their last seen (English if never)."""
        if user_id is None:
            return ENGLISH
        if self._cached and user_id in self._users:
            return self._users[user_id]
        stored = await self.bot.storage.get_user_locale(user_id) or ENGLISH
        self._users[user_id] = stored
        return stored

    async def seen(self, interaction: discord.Interaction) -> None:
        """Remember the clicker's locale (stored only when it changed) and the server's."""
        if interaction.guild_id is not None and interaction.guild_locale is not None:
            self._guilds[interaction.guild_id] = normalise(interaction.guild_locale)
        user_id, locale = interaction.user.id, normalise(interaction.locale)
        try:
            if await self.user(user_id) != locale:
                await self.bot.storage.set_user_locale(user_id, locale)
                self._users[user_id] = locale
        except Exception:  # noqa: BLE001 - a click must not fail for a DM's language
            log.exception("could not store the locale of user %s", user_id)


@asynccontextmanager
async def in_server_language(bot: GameBot, guild_id: int | None) -> AsyncIterator[str]:
    """Inside the block `_` writes in the server's language (public messages)."""
    with use_locale(await bot.languages.server(guild_id)) as locale:
        yield locale


@asynccontextmanager
async def in_users_language(bot: GameBot, user_id: int | None) -> AsyncIterator[str]:
    """Inside the block `_` writes in the user's last seen locale (their DMs)."""
    with use_locale(await bot.languages.user(user_id)) as locale:
        yield locale


@asynccontextmanager
async def in_clickers_language(
    bot: GameBot, interaction: discord.Interaction
) -> AsyncIterator[str]:
    """An interaction's handling: its answers in the clicker's locale, which is remembered
    (for their DMs) on the way in."""
    await bot.languages.seen(interaction)
    with use_locale(interaction.locale) as locale:
        yield locale
