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
