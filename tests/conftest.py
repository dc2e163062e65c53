"""Shared test setup: no test ever sees a real Discord token or the developer's settings."""

from __future__ import annotations

import pytest

SETTING_NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "TURN_TIMER_SECONDS",
    "AI_TURN_DELAY_SECONDS",
)


@pytest.fixture(autouse=True)
def _no_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remove the bot's settings from the environment so tests start from the defaults."""
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
