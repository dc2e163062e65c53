"""SimCord's bot for the command tests: the real bot on a SQLite file in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import Settings


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    return create_bot(Settings(database_path=tmp_path / "loveletter.db"))
