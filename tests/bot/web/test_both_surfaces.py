"""Both surfaces at once (issue 43, part 2): the bot under SimCord and a web process share
one PostgreSQL database; a move made in Discord reaches the page's socket, and a move made on
the page shows on the Discord table message."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.bot.web.harness import Socket, free_port
from tests.bot.web.test_notify import process
from tests.cogs.conftest import seeded
from tests.cogs.driver import open_game, text_of


@pytest.fixture
def simcord_bot(tmp_path: Path, pg_url: str) -> commands.Bot:
    settings = Settings(
        database_path=tmp_path / "unused.db",
        database_url=SecretStr(pg_url),
        ai_turn_delay_seconds=0,
        round_pause_seconds=0,
        activity=True,
        discord_client_id=555000111,
        discord_client_secret=SecretStr("client-secret"),
        public_url="https://table.example.org",
        web_session_secret=SecretStr("s" * 40),
        web_port=free_port(),
    )
    return seeded(create_bot(settings))


async def test_a_move_on_either_side_shows_on_the_other(
    simcord_env, pg_url: str, tmp_path: Path
) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=12)
    assert "live:open:" in str(g.table().components)  # the Activity's button is on the table
    async with process(pg_url, tmp_path, "web", serve=True) as web:
        assert web.client is not None
        sockets = {}
        for member in g.members:
            ws = await web.client.ws_connect(f"/ws?game={g.game_id}&user={member.id}")
            sockets[member.id] = Socket(ws, member.id)
            await sockets[member.id].until("table")
        # Discord -> page: a click in the channel, the page's socket gets the new table
        assert await g.play_one_move()
        version = await g.version()
        for sock in sockets.values():
            assert (await sock.until("table", version))["version"] == version
        # page -> Discord: whoever is to move decides on the page; the table message follows
        shown = text_of(g.table())
        game, state = await web.service.running(g.game_id)
        mover = web.service.awaiting(game, state)[0]
        mine = await sockets[int(mover)].until("private", version)
        choice = mine["private"]["decisions"][0]["decision"]
        await sockets[int(mover)].send({"type": "decide", "version": version, "decision": choice})
        assert (await sockets[int(mover)].until("table", version + 1))["version"] == version + 1
        for _ in range(200):
            if text_of(g.table()) != shown:
                break
            await asyncio.sleep(0.05)
        assert text_of(g.table()) != shown, "the Discord table did not follow the page's move"
        for sock in sockets.values():
            await sock.ws.close()
