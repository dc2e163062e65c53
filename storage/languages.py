"""The languages the bot writes in: a server's chosen language for its public messages and
each user's last seen Discord locale (for their DMs). Absent row = not chosen / never seen."""

from __future__ import annotations

from storage.db import Database


class LanguagesRepo(Database):
    async def get_server_language(self, guild_id: int) -> str | None:
        """The language a manager chose for this server's public messages, or None."""
        row = await self.fetchone(
            "SELECT language FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else str(row[0])

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """Choose the server's language; None clears it (the server's Discord locale rules)."""
        async with self.transaction() as conn:
            if language is None:
                await conn.execute("DELETE FROM server_settings WHERE guild_id = ?", (guild_id,))
            else:
                await conn.execute(
                    "INSERT INTO server_settings (guild_id, language) VALUES (?, ?)"
                    " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                    (guild_id, language),
                )

    async def get_user_locale(self, user_id: int) -> str | None:
        """The locale of the user's latest interaction with the bot, or None (never seen)."""
        row = await self.fetchone("SELECT locale FROM user_locales WHERE user_id = ?", (user_id,))
        return None if row is None else str(row[0])

    async def set_user_locale(self, user_id: int, locale: str) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_locales (user_id, locale) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                (user_id, locale),
            )
