"""PICTURES=off: the same game as text only (no attachment anywhere), the settings say so."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import COMPONENTS_V2, gallery, open_game, text_of


@pytest.fixture
def simcord_bot(tmp_path: Path) -> commands.Bot:
    settings = Settings(
        database_path=tmp_path / "loveletter.db", ai_turn_delay_seconds=0, pictures=False
    )
    return seeded(create_bot(settings))


async def test_pictures_off_sends_no_attachment_and_keeps_every_text(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=4)
    for _ in range(6):
        await g.play_one_move()
        res = await g.members[0].click(g.table(), label="My hand")
        assert res.response.attachments == [] and res.response.embeds[0].description
    everything = [*g.channel.history(), *(m for member in g.members for m in dms(member))]
    assert all(m.attachments == [] for m in everything)
    assert all(not e.image.url for m in everything for e in m.embeds)
    assert text_of(g.table())  # the table as text
    res = await g.members[0].slash(g.channel, "loveletter settings", pictures="on")
    assert "Card pictures are off on this bot" in res.response.content
    assert g.leaks == [] and g.moves == 6


async def test_pictures_off_lays_the_table_out_alike_with_all_its_text(simcord_env) -> None:
    """No picture: the same Components V2 table (it stays one for life), with the whole text
    where the picture would be: every seat's tally, status and discards."""
    g = await open_game(simcord_env, "pegasus", 5, seed=6)
    for _ in range(4):
        await g.play_one_move()
    table = g.table()
    assert table.flags.value & COMPONENTS_V2 and table.embeds == [] and table.attachments == []
    assert gallery(table) == []
    text = text_of(table)
    assert text.count("Discards:") == 5 and "Draw pile:" in text
    assert all(f"**{m.name} — " in text for m in g.members)  # each seat, with its tally
    assert g.leaks == []
