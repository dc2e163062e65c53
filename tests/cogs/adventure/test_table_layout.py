"""The Adventure table picture first (Components V2): the board is the first thing in the
message, the text under it is short (whose turn, one line per hobbit, the last events), all
of the text when pictures are off, and its buttons keep working after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.adventure.driver import AI_DELAY, AdvGame, open_adventure
from tests.cogs.conftest import seeded
from tests.cogs.driver import COMPONENTS_V2, first_shown, flat, gallery, raw_components, text_of

SHORT = 900  # characters under the board, four hobbits included


@pytest.fixture
def simcord_bot(request: pytest.FixtureRequest, tmp_path: Path) -> commands.Bot:
    """The Adventure bot; `indirect` parametrization turns its pictures off."""
    pictures = getattr(request, "param", True)
    settings = Settings(
        database_path=tmp_path / "adventure.db", ai_turn_delay_seconds=AI_DELAY, pictures=pictures
    )
    return seeded(create_bot(settings))


async def played(g: AdvGame, decisions: int) -> None:
    for _ in range(decisions):
        if not await g.play_one_decision():
            await g.ai_decides()


def controls(message: Any) -> list[str]:
    return [c.get("label", "") for c in flat(raw_components(message))]


async def test_the_board_comes_first_and_the_text_under_it_is_short(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=2, seed=5)
    await played(g, 8)
    table = g.table()
    assert table.flags.value & COMPONENTS_V2 and table.embeds == [] and not table.content
    first = first_shown(table)
    (att,) = table.attachments
    assert first["type"] == 12 and att.filename == "board.png"
    assert first["items"][0]["media"]["url"] == att.url
    assert first["items"][0]["description"].startswith("The board")  # its alt text
    text = text_of(table)
    assert len(text) <= SHORT, len(text)
    assert "Turn " in text and f"move {(await g.record()).version}" in text
    for shown_by_the_board in ("Talismans on the board", "📍", "Talismans:"):
        assert shown_by_the_board not in text
    record = await g.record()
    assert all(f"**{s.display_name}**" in text for s in record.seats)  # a line each
    assert controls(table) == ["My pack", "Rules"]
    stored = simcord_env.backend.get_message(g.channel.id, table.id)
    assert stored.ping_user_ids == []
    assert g.leaks == []


async def test_the_table_buttons_work_after_a_restart(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=9)
    await played(g, 2)
    table = g.table()
    await simcord_env.restart_bot()
    g.watch()
    before = (await g.record()).version
    await played(g, 1)  # from the table posted before the restart: My pack, then a decision
    assert (await g.record()).version == before + 1 and g.table().id == table.id
    assert first_shown(g.table())["type"] == 12
    assert g.leaks == []


@pytest.mark.parametrize("simcord_bot", [False], indirect=True, ids=["pictures off"])
async def test_pictures_off_lay_the_table_out_alike_with_all_its_text(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=2, seed=5)
    await played(g, 4)
    table = g.table()
    assert table.flags.value & COMPONENTS_V2 and table.attachments == [] and gallery(table) == []
    text = text_of(table)
    assert "Talismans on the board" in text and text.count("Equipment:") == 4
    assert controls(table) == ["My pack", "Rules"]
    assert g.leaks == []
