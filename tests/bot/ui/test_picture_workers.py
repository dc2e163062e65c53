"""The drawing worker process draws a picture in the locale it was made in (the reader's),
not in the locale of whoever hands it over: the same bytes as drawing it in-process there."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import AsyncIterator
from functools import partial

import pytest
from PIL import Image, ImageDraw

import engine.loveletter as engine
from bot.games.loveletter.pictures import table_png
from bot.i18n import PSEUDO, _, use_locale
from bot.platform.presentation import Picture
from bot.ui import fonts, pictures
from bot.ui.picture_workers import WorkerDied
from bot.ui.png import png


def words(text: str) -> bytes:
    """A PNG of `_(text)` (module-level: the worker is sent it): its pixels show the locale
    it was drawn in."""
    img = Image.new("RGB", (360, 40), (255, 255, 255))
    ImageDraw.Draw(img).text((4, 4), _(text), font=fonts.font(20), fill=(0, 0, 0))
    return png(img)


@pytest.fixture
async def worker() -> AsyncIterator[None]:
    pictures.start("process")
    await asyncio.to_thread(pictures.WORKER.wait_ready)
    yield
    await pictures.stop()


async def through_the_worker(picture: Picture) -> bytes:
    (file,) = await pictures.draw((picture,), off_loop=True)
    data: bytes = file.fp.read()
    return data


async def test_the_worker_draws_in_the_locale_the_picture_was_made_in(worker: None) -> None:
    with use_locale(PSEUDO):
        made = Picture("words.png", partial(words, "Draw pile"), "a label")
        here = words("Draw pile")
    english = words("Draw pile")
    assert here != english  # the pseudo-locale changes the words, so the pixels
    assert await through_the_worker(made) == here  # handed over from an English context


async def test_a_table_picture_for_a_german_reader_is_the_one_drawn_here(worker: None) -> None:
    state = engine.GAME.create("pegasus", ["a", "b", "c", "d"], {}, random.Random(7))
    view, names = engine.player_view(state, None), {p: p.upper() for p in "abcd"}
    with use_locale("de"):
        made = Picture("table.png", partial(table_png, view, names=names), "the table")
        here = table_png(view, names=names)
    assert await through_the_worker(made) == here
    assert pictures.WORKER.pids()  # the worker drew it


def pipe_broken_then_lingering() -> bytes:
    """In the worker: its pipe closed, the process still running a while (as a killed worker
    is between closing its files and being reaped)."""
    os.closerange(3, 4096)
    time.sleep(5)
    return b""


async def test_a_worker_whose_pipe_broke_is_replaced_at_once(worker: None) -> None:
    (old,) = pictures.WORKER.pids()
    with pytest.raises(WorkerDied):
        await asyncio.to_thread(pictures.WORKER.draw, pipe_broken_then_lingering, "en")
    assert pictures.WORKER.pids() not in ([], [old])  # a new worker, not the next picture's job
    await asyncio.to_thread(pictures.WORKER.wait_ready)
    made = Picture("words.png", partial(words, "Draw pile"), "a label")
    assert await through_the_worker(made) == words("Draw pile")


async def test_a_picture_asked_of_a_warming_worker_is_drawn_here_and_leaves_it_warming() -> None:
    await pictures.stop()  # a worker an earlier test in this process left warm
    pictures.start("process")
    try:
        (warming,) = pictures.WORKER.pids()
        made = partial(words, "Draw pile")
        assert await asyncio.to_thread(pictures.WORKER.draw, made, "en") is None  # not warm yet
        assert pictures.WORKER.pids() == [warming]  # the same worker, still warming
        await asyncio.to_thread(pictures.WORKER.wait_ready)
        assert pictures.WORKER.pids() == [warming]
    finally:
        await pictures.stop()
