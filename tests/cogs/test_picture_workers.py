"""Table pictures drawn in the worker process (PICTURE_WORKERS=process) through SimCord.

The bot's own process cannot draw a table picture in these tests
(`pictures.from_table.table_png` is made to fail here), so a table picture that arrives was
drawn by the worker; it must be the same picture the bot draws in-process. A worker killed
mid-game is replaced and the game goes on; a table picture outdated while it waited is never
handed to the worker (the worker notes on disk each picture it draws).
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

import engine.loveletter as engine
from bot.games.loveletter.pictures import table_png
from bot.games.loveletter.presenter import PRESENTATION
from bot.platform.presentation import Message
from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from bot.ui import pictures
from tests.cogs.conftest import seeded
from tests.cogs.driver import open_game, text_of
from tests.cogs.loveletter.test_pictures import names, picture
from tests.cogs.loveletter.test_table_coalescing import _moves


@pytest.fixture
def simcord_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> commands.Bot:
    """The bot drawing its table pictures in the worker process, never in its own."""
    from bot.games.loveletter.pictures import from_table

    def not_here(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("a table picture was drawn in the bot's own process")

    monkeypatch.setattr(from_table, "table_png", not_here)
    pictures.WORKER.wait_ready()  # started and warmed before the bot (seconds, once)
    settings = Settings(
        database_path=tmp_path / "loveletter.db", ai_turn_delay_seconds=0, picture_workers="process"
    )
    return seeded(create_bot(settings))


async def newest_picture(g: Any) -> bytes:
    return table_png(engine.player_view(await g.state(), None), names=await names(g))


async def test_the_worker_draws_the_table_picture_the_bot_would(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=3)
    assert picture(simcord_env, g.table()) == await newest_picture(g)
    for _ in range(2):
        await g.play_one_move()
        assert picture(simcord_env, g.table()) == await newest_picture(g)


async def test_a_killed_worker_is_replaced_and_the_game_goes_on(simcord_env, caplog) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=5)
    (killed,) = pictures.WORKER.pids()
    os.kill(killed, signal.SIGKILL)
    before = await g.version()
    assert await g.play_one_move()  # its table picture is lost: the text goes without it
    assert await g.version() == before + 1
    assert g.table().attachments == [] and "Turn:" in text_of(g.table())
    # The new worker starts and warms: seconds when idle, minutes beside other CPU-bound work
    # (over 120 s once at load 11). A hang, not a busy machine, is what this bound is for.
    for _ in range(6000):
        if pictures.WORKER.ready():
            break
        await asyncio.sleep(0.1)
    assert await g.play_one_move()
    assert picture(simcord_env, g.table()) == await newest_picture(g)
    assert pictures.WORKER.pids() not in ([], [killed])
    assert "the picture worker died; starting a new one" in caplog.text


def noted(path: str, draw: Callable[[], bytes]) -> bytes:
    """Draws the picture (in the worker), noting on disk which process drew it."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(f"{os.getpid()}\n")
    return draw()


class Noting:
    """The Love Letter presenter, its table pictures noting each drawing in `path`."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def table_message(self, table: Any) -> Message:
        message = PRESENTATION.table_message(table)
        drawn = [replace(p, draw=partial(noted, str(self.path), p.draw)) for p in message.pictures]
        return replace(message, pictures=tuple(drawn))


async def test_an_outdated_table_picture_never_reaches_the_worker(simcord_env, tmp_path) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=21)
    bot, table = simcord_env.bot, g.table()
    outcomes = await _moves(g, 3, random.Random(4))
    game = await bot.storage.get_game(g.game_id)
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    log = tmp_path / "drawn.txt"

    busy = threading.Event()  # the threads that hand pictures to the worker are busy
    loop = asyncio.get_running_loop()
    others = [loop.run_in_executor(pictures._SENDERS, busy.wait, 30) for _ in range(2)]
    edits = [
        asyncio.create_task(bot.tables.update(channel, game.table_message_id, o.table, Noting(log)))
        for o in outcomes
    ]
    for _ in range(5):
        await asyncio.sleep(0)  # each move's edit has asked for its table
    busy.set()
    await asyncio.gather(*others)
    assert await asyncio.gather(*edits) == [True, True, True]

    drawers = log.read_text(encoding="utf-8").split()
    assert len(drawers) == 1, f"{len(drawers)} table pictures drawn for 3 moves"
    assert drawers != [str(os.getpid())]  # drawn by the worker, not here
    shown = g.table()
    assert shown.id == table.id and picture(simcord_env, shown) == await newest_picture(g)
