"""The real bot under SimCord with DATABASE_URL: whole games through the UI on PostgreSQL, where
the service re-checks every game against the database and claims its AI turns."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import MultiGame
from tests.cogs.driver import open_game, play_to_end, text_of


@pytest.fixture
def simcord_bot(tmp_path: Path, pg_url: str) -> commands.Bot:
    settings = Settings(
        database_path=tmp_path / "unused.db",
        database_url=SecretStr(pg_url),
        ai_turn_delay_seconds=0,
    )
    return seeded(create_bot(settings))


async def test_a_whole_game_through_the_ui_on_postgres(simcord_env, tmp_path: Path) -> None:
    assert simcord_env.bot.storage.shared and not (tmp_path / "unused.db").exists()
    g = await open_game(simcord_env, "pegasus", 3, seed=12)
    await play_to_end(g)
    result = await simcord_env.bot.storage.get_result(g.game_id)
    assert result is not None and g.leaks == []
    assert g.breaks == result.summary["rounds"] - 1


async def test_ai_turns_through_the_ui_on_postgres(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    lobby = (await ann.slash(channel, "loveletter new", edition="l5r")).response
    await ann.slash(channel, "loveletter addbot")
    await ann.slash(channel, "loveletter addbot", level="novice")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = MultiGame(simcord_env, channel, [ann], random.Random(5), game.id)
    assert f"<@{ann.id}>" in text_of(g.table())
    await play_to_end(g)
    final = await simcord_env.bot.storage.get_game(g.game_id)
    assert final.status == "finished"
    moves = await simcord_env.bot.storage.get_moves(g.game_id)
    assert [m.seq for m in moves] == list(range(1, final.version + 1))
