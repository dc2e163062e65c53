"""Tables that come faster than they are drawn: only the newest table picture is drawn.

Under load the drawing thread is busy with other tables' pictures (issue 34: the table
picture waited 0.75-1.9 s there). Several moves of one game committed meanwhile each ask
for a table edit; the outdated ones are neither drawn nor sent, and the table message ends
with the newest picture. The moves go through the game service and the table edits through
the bot's own TableDelivery, onto the real table message in SimCord.
"""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any

import engine.loveletter as engine
from bot.games.loveletter.pictures import table_png
from bot.games.loveletter.presenter import PRESENTATION
from bot.ui import pictures
from tests.cogs.driver import DRAWN, open_game
from tests.cogs.loveletter.test_pictures import names, picture


async def _moves(g: Any, count: int, rng: random.Random) -> list[Any]:
    """`count` committed moves of random legal plays, made straight through the service
    (no table edit yet: the burst below makes them)."""
    outcomes = []
    for _ in range(count):
        game, state = await g.service.running(g.game_id)
        move = rng.choice(engine.legal_moves(state))
        outcomes.append(await g.service.play(g.game_id, state.actor, move, game.version))
    return outcomes


async def test_outdated_table_pictures_are_skipped_and_the_newest_is_shown(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=21)
    bot, table = simcord_env.bot, g.table()
    first = table.attachments[0].id
    outcomes = await _moves(g, 3, random.Random(4))
    newest = table_png(engine.player_view(await g.state(), None), names=await names(g))
    game = await bot.storage.get_game(g.game_id)
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    DRAWN.clear()

    busy = threading.Event()  # the drawing thread is busy with another table's picture
    other = asyncio.get_running_loop().run_in_executor(pictures._DRAWER, busy.wait, 30)
    edits = [
        asyncio.create_task(
            bot.tables.update(channel, game.table_message_id, o.table, PRESENTATION)
        )
        for o in outcomes
    ]
    for _ in range(5):
        await asyncio.sleep(0)  # each move's edit has asked for its table
    busy.set()
    await other
    assert await asyncio.gather(*edits) == [True, True, True]

    drawn = [data for data, seen in DRAWN.items() for kind, _ in seen if kind == "table"]
    assert len(drawn) == 1, f"{len(drawn)} table pictures drawn for 3 moves"
    assert drawn == [newest]  # the two outdated tables were never drawn
    shown = g.table()
    assert shown.id == table.id and shown.attachments[0].id != first
    assert picture(simcord_env, shown) == newest
