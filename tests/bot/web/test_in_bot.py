"""The live table served inside the bot's own process (SQLite, ACTIVITY=on; issue 43): the bot
under SimCord serves the page, signed in through a fake Discord. Whatever the page does shows
in Discord too: a move edits the table message, and a rematch started on the page, which has
no lobby in Discord, gets its table posted in the channel and its first player told."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.bot.web.fake_discord import (
    BOT_TOKEN,
    CLIENT_ID,
    CLIENT_SECRET,
    FakeDiscord,
    fake_discord,
)
from tests.bot.web.harness import Socket, free_port
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import dm_texts
from tests.cogs.driver import Game, footer_of, open_game, play_to_end, text_of

INSTANCE = "i-in-bot"


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with fake_discord() as running:
        yield running


@pytest.fixture
def simcord_bot(tmp_path: Path, fake: FakeDiscord) -> commands.Bot:
    settings = Settings(
        database_path=tmp_path / "bot.db",
        discord_token=SecretStr(BOT_TOKEN),
        ai_turn_delay_seconds=0,
        round_pause_seconds=0,
        activity=True,
        discord_client_id=CLIENT_ID,
        discord_client_secret=SecretStr(CLIENT_SECRET),
        discord_api_base=fake.base,
        public_url="https://table.example.org",
        web_session_secret=SecretStr("s" * 40),
        web_host="127.0.0.1",
        web_port=free_port(),
    )
    return seeded(create_bot(settings))


async def _page(
    http: aiohttp.ClientSession, env: Any, fake: FakeDiscord, g: Game, member: Any
) -> Socket:
    """`member` opens the Activity in the game's channel and signs in; their socket on the
    game (named: a finished one is no longer the channel's running game)."""
    fake.launch(INSTANCE, g.channel.id, [m.id for m in g.members])
    base = f"http://127.0.0.1:{env.bot.live.port}"
    body = {"code": fake.grant(member.id), "instance_id": INSTANCE}
    async with http.post(f"{base}/auth", json=body) as response:
        answer = await response.json()
        assert response.status == 200, answer
    url = f"{base}/ws?session={answer['session']}&game={g.game_id}"
    sock = Socket(await http.ws_connect(url), member.id)
    await sock.until("table")
    return sock


async def _until(check: Any, what: str) -> Any:
    for _ in range(200):
        found = await check()
        if found:
            return found
        await asyncio.sleep(0.05)
    raise AssertionError(what)


async def test_a_move_on_the_page_shows_on_the_discord_table(
    simcord_env: Any, fake: FakeDiscord
) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=12)
    service = simcord_env.bot.service
    game, state = await service.running(g.game_id)
    mover = g.member(int(service.awaiting(game, state)[0]))
    shown = text_of(g.table())
    async with aiohttp.ClientSession() as http:
        sock = await _page(http, simcord_env, fake, g, mover)
        mine = await sock.until("private")
        choice = mine["private"]["decisions"][0]["decision"]
        await sock.send({"type": "decide", "version": mine["version"], "decision": choice})
        await sock.until("table", mine["version"] + 1)

        async def edited() -> bool:
            return text_of(g.table()) != shown

        await _until(edited, "the Discord table did not follow the page's move")
        await sock.ws.close()


async def test_a_rematch_on_the_page_gets_a_table_in_discord(
    simcord_env: Any, fake: FakeDiscord
) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=12)
    await play_to_end(g)
    old = g.table()
    storage = simcord_env.bot.storage
    async with aiohttp.ClientSession() as http:
        sock = await _page(http, simcord_env, fake, g, g.members[0])
        await sock.send({"type": "rematch"})
        new_id = int((await sock.until("moved"))["id"])

        async def posted() -> Any:
            game = await storage.get_game(new_id)
            if game.table_message_id is None:
                return None
            return next((m for m in g.channel.history() if m.id == game.table_message_id), None)

        table = await _until(posted, "no table was posted for the page's rematch")
        assert table.id != old.id and "live:open:" in str(table.components)
        service = simcord_env.bot.service
        game, state = await service.running(new_id)
        first = g.member(int(service.awaiting(game, state)[0]))

        async def told() -> bool:
            dms = first.user.dm_channel
            return dms is not None and any(str(new_id) in str(m.components) for m in dms.history())

        await _until(told, "the first player of the page's rematch was not told")
        await sock.ws.close()


async def test_next_round_on_the_page_starts_it_in_discord(
    simcord_env: Any, fake: FakeDiscord
) -> None:
    """The page's "Next round" ends the round break for Discord too: the table message turns
    into round 2's and everyone hears of the new round once (the turn DM for whoever starts)."""
    simcord_env.bot.service.pause_seconds = 15  # a break between rounds (ROUND_PAUSE_SECONDS)
    g = await open_game(simcord_env, "pegasus", 3, seed=5)
    for _ in range(200):
        counts = {m.id: len(dm_texts(m)) for m in g.members}
        await g.play_one_move()
        if g.in_break():
            break
    else:
        raise AssertionError("no round ended")
    async with aiohttp.ClientSession() as http:
        sock = await _page(http, simcord_env, fake, g, g.members[0])
        await sock.send({"type": "next_round", "version": await g.version()})

        async def round_two() -> bool:
            return "round 2 ·" in footer_of(g.table())

        await _until(round_two, "the Discord table still shows the round break")
        state = await g.state()
        assert f"Turn: <@{state.actor}>" in text_of(g.table())

        async def everyone_told() -> bool:
            for m in g.members:
                wanted = "It's your turn" if str(m.id) == state.actor else "Round 2 has started"
                if sum(wanted in t for t in dm_texts(m)[counts[m.id] :]) != 1:
                    return False
            return True

        await _until(everyone_told, "not everyone heard of round 2 once")
        await sock.ws.close()
