"""Shared test setup: no test ever sees a real Discord token or the developer's settings."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator

import pytest

from engine.loveletter.legal import memo_budget, set_memo_budget

SETTING_NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "TURN_TIMER_SECONDS",
    "AI_TURN_DELAY_SECONDS",
    "ROUND_PAUSE_SECONDS",
    "DATABASE_SYNC",
)


@pytest.fixture(autouse=True)
def _no_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remove the bot's settings from the environment so tests start from the defaults."""
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(autouse=True)
def _process_tuning_restored() -> Iterator[None]:
    """The bot's start-up tuning (bot/gc_tuning.py: memo budget, gc.freeze, thresholds) is
    process-wide; undo it after each test so no test runs under another test's settings."""
    budget, thresholds, interval = memo_budget(), gc.get_threshold(), sys.getswitchinterval()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    sys.setswitchinterval(interval)
    if memo_budget() != budget:
        set_memo_budget(budget)
