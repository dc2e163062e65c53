"""Languages on a shared PostgreSQL database: what another process stores (a manager's
`/tabletop language` answered there, a player's click there) holds here at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from storage.postgres import PostgresStorage
from tests.cogs.conftest import seeded
from tests.cogs.loveletter.test_languages import labels, lobby_of, manager


@pytest.fixture
def simcord_bot(tmp_path: Path, pg_url: str) -> commands.Bot:
    settings = Settings(
        database_path=tmp_path / "unused.db",
        database_url=SecretStr(pg_url),
        ai_turn_delay_seconds=0,
    )
    return seeded(create_bot(settings))


async def test_another_process_choice_holds_here_at_once(simcord_env, pg_url: str) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    boss, ann = manager(simcord_env, guild), guild.add_member(simcord_env.create_user("ann"))
    await boss.slash(channel, "tabletop language", language="de")
    lobby = (await ann.slash(channel, "loveletter new", edition="pegasus")).response
    assert labels(lobby) == ["Beitreten", "Verlassen", "Starten"]
    other = await PostgresStorage.open(pg_url)  # another bot process on the same database
    try:
        await other.set_server_language(guild.id, None)  # its manager chose "Server default"
    finally:
        await other.close()
    await boss.click(lobby, label="Beitreten")
    assert labels(lobby_of(channel)) == ["Join", "Leave", "Start"]
