"""SimCord fixtures: the real bot on a real SQLite file in tmp_path, no token, no network."""

from __future__ import annotations

import random
import weakref
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from discord.ext import commands

from bot.runtime.client import GameBot, create_bot
from bot.runtime.config import Settings
from storage import sole_process


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
    from bot.games.loveletter.messages import hand as hand_messages
    from bot.games.loveletter.pictures import from_table
    from tests.cogs.driver import DRAWN, recording

    monkeypatch.setenv("PICTURE_WORKERS", "thread")
    DRAWN.clear()
    monkeypatch.setattr(hand_messages, "hand_png", recording("hand", hand_messages.hand_png))
    monkeypatch.setattr(from_table, "table_png", recording("table", from_table.table_png))


_BOTS: weakref.WeakSet[Any] = weakref.WeakSet()


@pytest.fixture(autouse=True)
def _bots_made(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every bot a test makes (its own, a restarted one), to close its files afterwards."""
    made = GameBot.__init__

    def tracked(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        _BOTS.add(self)

    monkeypatch.setattr(GameBot, "__init__", tracked)
    yield


@pytest_asyncio.fixture(autouse=True)
async def _storage_closed_after(_bots_made: None) -> AsyncIterator[None]:
    """SimCord detaches a bot at the end of a test without `close()`: its database
    connections and the sole-process lock stay open, six files a test, until a late test
    cannot select() on a descriptor past 1024. Close them once the test is done."""
    yield
    for bot in list(_BOTS):
        storage, bot.storage = getattr(bot, "storage", None), None
        if storage is not None:
            await storage.close()
        sole_process.release(getattr(bot, "sole_file", None))
        bot.sole_file = None
    _BOTS.clear()
