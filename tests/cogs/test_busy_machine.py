"""What players see does not depend on how busy the test machine is (issue 41: at load 3 a
whole Pegasus game hit SimCord's 5 s settle timeout). The bot's timed waits end only when the
virtual clock reaches them, however much real time passes between two actions, and a click
whose work takes longer than SimCord's default 5 s still settles (tests/conftest.py:
simcord_env). `time.sleep` here stands for a machine too busy to get on with the test."""

from __future__ import annotations

import random
import time

import pytest

from bot.games.loveletter.pictures import from_table
from tests.cogs.dms_and_ai_moves import MultiGame
from tests.cogs.driver import open_game, raw_components

PAUSE = 1  # ROUND_PAUSE_SECONDS and AI_TURN_DELAY_SECONDS here: less than the real time lost
LOST = 1.5  # real seconds the busy machine loses between two actions


async def test_a_round_break_waits_for_the_virtual_clock_however_much_real_time_passes(
    simcord_env,
) -> None:
    simcord_env.bot.settings.round_pause_seconds = PAUSE
    await simcord_env.restart_bot()
    g = await open_game(simcord_env, "hobbit", 2, seed=8)
    for _ in range(200):  # moves until a round ends
        await g.play_one_move()
        if g.in_break():
            break
    else:
        raise AssertionError("no round break was shown")
    time.sleep(LOST)
    await simcord_env.settle()
    assert g.in_break()  # still the finished round, with its "Next round" button
    await simcord_env.advance_time(PAUSE)
    assert not g.in_break()  # the pause ran out on the virtual clock: round 2 is on the table
    assert g.leaks == []


async def test_an_ai_turn_waits_for_the_virtual_clock_however_much_real_time_passes(
    simcord_env,
) -> None:
    simcord_env.bot.settings.ai_turn_delay_seconds = PAUSE
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
    assert (await g.state()).actor == "ai1"
    version = await g.version()
    time.sleep(LOST)
    await simcord_env.settle()
    assert await g.version() == version  # the AI is still "thinking"
    await simcord_env.advance_time(PAUSE)
    assert await g.version() > version
    moves = await simcord_env.bot.storage.get_moves(g.game_id, after_seq=version)
    assert moves[0].player == "ai1"


SLOW = 6.0  # real seconds one table picture takes to draw: more than SimCord's default 5 s


async def test_a_move_whose_table_picture_takes_longer_than_five_seconds_still_settles(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_game(simcord_env, "pegasus", 3, seed=4)
    draw, slowed = from_table.table_png, []

    def slow_once(view, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if not slowed:
            slowed.append(view)
            time.sleep(SLOW)  # in the drawing thread, as a busy machine would take it
        return draw(view, *args, **kwargs)

    monkeypatch.setattr(from_table, "table_png", slow_once)
    table = g.table()
    await g.play_one_move()
    assert slowed, "no table picture was drawn for the move"
    shown = g.table()
    assert shown.id == table.id and shown.attachments  # the table, edited, with its picture
    assert any(c["type"] == 12 for c in raw_components(shown)[0]["components"])
    assert g.leaks == []
