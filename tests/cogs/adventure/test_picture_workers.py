"""The Adventure board drawn in the worker process (PICTURE_WORKERS=process) through SimCord:
the bot's own process cannot draw it here (`pictures.from_table.render` is made to fail), so a
board that arrives on the table was drawn by the worker from the picklable picture (no lambda)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands
from PIL import Image

from bot.games.adventure.pictures.board import background
from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from bot.ui import pictures
from tests.cogs.adventure.driver import AI_DELAY, open_adventure
from tests.cogs.conftest import seeded


@pytest.fixture
def simcord_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> commands.Bot:
    from bot.games.adventure.pictures import from_table

    def not_here(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("the board was drawn in the bot's own process")

    monkeypatch.setattr(from_table, "render", not_here)
    pictures.WORKER.wait_ready()  # started and warmed before the bot (seconds, once)
    settings = Settings(
        database_path=tmp_path / "adventure.db",
        ai_turn_delay_seconds=AI_DELAY,
        picture_workers="process",
    )
    return seeded(create_bot(settings))


async def test_the_worker_draws_the_board_on_the_table(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=9)
    for _ in range(2):
        (att,) = g.table().attachments
        assert att.filename == "board.png"
        board = Image.open(io.BytesIO(simcord_env.backend.cdn.get(att.url)))
        assert board.size == background(2).size
        assert await g.play_one_decision()
    assert g.leaks == []
