"""AI turns wait AI_TURN_DELAY_SECONDS (virtual time), and one pending at a restart is played."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import MultiGame

# On the virtual clock: only advance_time() ends the delay (tests/conftest.py: simcord_env).
DELAY = 30.0


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    settings = Settings(database_path=tmp_path / "loveletter.db", ai_turn_delay_seconds=DELAY)
    return seeded(create_bot(settings))


async def test_an_ai_turn_waits_for_the_delay_and_survives_a_restart(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", timer=0)).response
    await ann.slash(channel, "loveletter addbot")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = MultiGame(simcord_env, channel, [ann], random.Random(1), game.id)
    if (await g.state()).actor == str(ann.id):
        await g.play_one_move()
    state = await g.state()
    assert state.actor == "ai1"
    version = await g.version()
    await simcord_env.advance_time(DELAY - 1)
    assert await g.version() == version  # still thinking
    await simcord_env.restart_bot()
    await simcord_env.advance_time(DELAY + 1)
    assert await g.version() > version
    moves = await simcord_env.bot.storage.get_moves(g.game_id, after_seq=version)
    assert moves[0].player == "ai1"
