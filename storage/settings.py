"""Per-user settings (turn-notification DMs, pictures). Absent row = defaults."""

from __future__ import annotations

from storage.db import Database
from storage.records import UserSettings

COLUMNS = ("dm_enabled", "pictures")


class SettingsRepo(Database):
    async def get_user_settings(self, user_id: int) -> UserSettings:
        row = await self.fetchone(
            "SELECT dm_enabled, pictures FROM user_settings WHERE user_id = ?", (user_id,)
        )
        if row is None:
            return UserSettings(user_id)
        return UserSettings(user_id, bool(row[0]), bool(row[1]))

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> UserSettings:
        return await self._set(user_id, "dm_enabled", enabled)

    async def set_pictures(self, user_id: int, enabled: bool) -> UserSettings:
        """Pictures in this user's own messages on or off (text only)."""
        return await self._set(user_id, "pictures", enabled)

    async def _set(self, user_id: int, column: str, enabled: bool) -> UserSettings:
        assert column in COLUMNS  # a fixed name, never user input
        async with self.transaction() as conn:
            await conn.execute(
                f"INSERT INTO user_settings (user_id, {column}) VALUES (?, ?)"  # noqa: S608
                f" ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}",
                (user_id, int(enabled)),
            )
        return await self.get_user_settings(user_id)
