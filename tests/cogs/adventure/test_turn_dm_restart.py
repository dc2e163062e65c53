"""A restart in the middle of a turn (a new bot on the same database, SQLite or PostgreSQL): the
next step of that turn edits the turn's DM in place, as without the restart; at most one "your
turn" DM per turn (DISCORD.md, "Quiet DMs")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.adventure.driver import AI_DELAY, open_adventure
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import flat, message_text, raw_components


@pytest.fixture(params=["sqlite", "postgres"])
def simcord_bot(tmp_path: Path, request: pytest.FixtureRequest) -> commands.Bot:
    url = request.getfixturevalue("pg_url") if request.param == "postgres" else None
    settings = Settings(
        database_path=tmp_path / "adventure.db",
        database_url=SecretStr(url) if url else None,
        ai_turn_delay_seconds=AI_DELAY,
    )
    return seeded(create_bot(settings))


async def _restart(env: Any) -> None:
    """A new bot process on the same database: nothing of the old one's memory is left."""
    await env.restart_bot(seeded(create_bot(env.bot.settings), seed=5))


@pytest.mark.parametrize("clicked_in", ["the DM", "My pack"])
async def test_after_a_restart_the_next_step_edits_the_turns_dm(
    simcord_env, clicked_in: str
) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    ann = g.members[0]
    assert g.awaited() is ann
    (dm,) = dms(ann)
    assert dm.content.startswith("It's your turn") and "Roll the movement die" in str(
        raw_components(dm)
    )
    await _restart(simcord_env)
    g.watch()
    if clicked_in == "the DM":
        await g.step(ann.user.click(dm, label="Roll the movement die"))
    else:
        pack = (await g.step(ann.click(g.table(), custom_id=f"adv:pack:{g.game_id}"))).response
        await g.step(ann.click(pack, label="Roll the movement die"))
    (edited,) = dms(ann)  # the same DM, not a second one
    assert edited.id == dm.id
    assert edited.content.startswith("It's your turn")
    assert "where to travel" in message_text(edited)
    assert flat(raw_components(edited))  # its controls are live for the next step
    assert g.leaks == []
