"""Per-user settings (turn-notification DMs). Absent row = defaults."""

from __future__ import annotations

from storage.db import Database
from storage.records import UserSettings


class SettingsRepo(Database):
    async def get_user_settings(self, user_id: int) -> UserSettings:
        row = await self.fetchone(
            "SELECT dm_enabled FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return UserSettings(user_id) if row is None else UserSettings(user_id, bool(row[0]))

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> UserSettings:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, dm_enabled) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled",
                (user_id, int(enabled)),
            )
        return UserSettings(user_id, enabled)
