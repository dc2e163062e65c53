"""The bot as its cogs and components see it (issue 42, item 6): a `GameBot` whose storage and
service are there while it runs, and AttributeError (not None) before it is set up and after
it closes, so that no caller checks for a None it cannot meet."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.runtime.client import GameBot, create_bot
from bot.runtime.config import Settings
from bot.service import GameService
from storage import Storage


def test_a_bot_not_yet_set_up_has_no_storage_and_no_service(tmp_path: Path) -> None:
    bot = create_bot(Settings(database_path=tmp_path / "never-opened.db"))
    assert isinstance(bot, GameBot)
    with pytest.raises(AttributeError, match="not set up"):
        bot.storage  # noqa: B018 - the property's refusal is what is tested
    with pytest.raises(AttributeError, match="not set up"):
        bot.service  # noqa: B018
    assert getattr(bot, "storage", None) is None  # what the tests' clean-up relies on
    assert not (tmp_path / "never-opened.db").exists()


async def test_a_running_bot_holds_its_storage_and_the_service_over_it(
    simcord_env: simcord.Env,
) -> None:
    bot = simcord_env.bot
    assert isinstance(bot, GameBot)
    assert isinstance(bot.storage, Storage)
    assert isinstance(bot.service, GameService)
    assert bot.service.storage is bot.storage
    held = bot.storage
    bot.storage = None  # a test's way to make the next setup open the file afresh
    try:
        with pytest.raises(AttributeError):
            bot.storage  # noqa: B018
    finally:
        bot.storage = held
