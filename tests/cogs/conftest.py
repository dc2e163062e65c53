"""SimCord fixtures: the real bot on a real SQLite file in tmp_path, no token, no network."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from discord.ext import commands

from bot.client import create_bot
from bot.config import Settings


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    # AI turns without a pause, so a click settles only after the AIs have answered.
    settings = Settings(database_path=tmp_path / "loveletter.db", ai_turn_delay_seconds=0)
    return seeded(create_bot(settings))


def seeded(bot: commands.Bot, seed: int = 0) -> commands.Bot:
    """Every deal and AI choice of this bot is reproducible (production uses secrets)."""
    bot.seed_source = random.Random(seed)  # type: ignore[attr-defined]
    return bot


@pytest.fixture(autouse=True)
def record_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot's picture renderer, noting what each picture was drawn from (for the leak
    check in tests/cogs/driver.py); it still draws every picture itself, in this process
    (PICTURE_WORKERS=thread: a worker process would draw without noting)."""
    from bot.games.loveletter import views
    from tests.cogs.driver import DRAWN, recording

    monkeypatch.setenv("PICTURE_WORKERS", "thread")
    DRAWN.clear()
    monkeypatch.setattr(views, "hand_png", recording("hand", views.hand_png))
    monkeypatch.setattr(views, "table_png", recording("table", views.table_png))
