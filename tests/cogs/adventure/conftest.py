"""The bot for Adventure games: AI decisions wait AI_DELAY seconds of virtual time, so one
click never settles a long run of AI decisions (once every human is out, the AI hobbits play
on to the end); the driver advances the clock while an AI hobbit is to decide."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.adventure.driver import AI_DELAY
from tests.cogs.conftest import seeded


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    settings = Settings(database_path=tmp_path / "adventure.db", ai_turn_delay_seconds=AI_DELAY)
    return seeded(create_bot(settings))
