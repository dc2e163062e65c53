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
from bot.web.announce import Change
from tests.bot.web.harness import Socket, free_port
from tests.bot.web.test_notify import process
from tests.cogs.conftest import seeded
from tests.cogs.driver import open_game, play_to_end, text_of


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


async def test_another_shards_move_is_not_told_twice(
    simcord_env, pg_url: str, tmp_path: Path
) -> None:
    """A click answered by another shard process (a DM click goes to shard 0, whatever shard
    holds the server) is shown in Discord by that process; this bot hears its NOTIFY and does
    not tell the next player again: no second "your turn" DM."""
    g = await open_game(simcord_env, "hobbit", 2, seed=12)
    bot = simcord_env.bot
    heard: asyncio.Queue[int] = asyncio.Queue()

    async def hear(change: Change) -> None:
        await heard.put(change.game_id)

    bot.live.announcer.subscribe(hear)
    async with process(pg_url, tmp_path, "shard-0", serve=False) as other:
        s = other.service
        game, state = await s.running(g.game_id)
        mover = s.awaiting(game, state)[0]
        await s.play(g.game_id, mover, s.legal(game, state, mover)[0], game.version)
        game, state = await s.running(g.game_id)
        waiting = s.awaiting(game, state)[0]
        dms = g.member(int(waiting)).user.dm_channel
        before = len(list(dms.history())) if dms is not None else 0
        shown = text_of(g.table())
        assert await asyncio.wait_for(heard.get(), 5) == g.game_id
        await bot.live.announcer.settled()
        await asyncio.sleep(0.3)  # what a follow-up would send has had time to arrive
        dms = g.member(int(waiting)).user.dm_channel
        assert (len(list(dms.history())) if dms is not None else 0) == before
        assert text_of(g.table()) == shown  # that shard edits the table, not this one


async def test_a_rematch_on_the_page_posts_its_table_in_discord(
    simcord_env, pg_url: str, tmp_path: Path
) -> None:
    """A rematch started on the live table has no lobby in Discord: the shard that holds the
    server posts the new game's table in the channel and tells the first player."""
    g = await open_game(simcord_env, "hobbit", 2, seed=12)
    await play_to_end(g)
    old_table = g.table()
    async with process(pg_url, tmp_path, "web", serve=True) as web:
        assert web.client is not None
        ann = g.members[0]
        sock = Socket(await web.client.ws_connect(f"/ws?game={g.game_id}&user={ann.id}"), ann.id)
        await sock.until("table")
        await sock.send({"type": "rematch"})
        moved = await sock.until("moved")
        new_id = int(moved["id"])
        for _ in range(200):
            game = await simcord_env.bot.storage.get_game(new_id)
            if game.table_message_id is not None:
                break
            await asyncio.sleep(0.05)
        assert game.table_message_id is not None, "no table was posted for the page's rematch"
        posted = [m for m in g.channel.history() if m.id == game.table_message_id]
        assert posted and posted[0].id != old_table.id
        assert "live:open:" in str(posted[0].components)  # a table, with its live button
        _game, state = await web.service.running(new_id)
        first = web.service.awaiting(game, state)[0]
        for _ in range(200):
            dms = g.member(int(first)).user.dm_channel
            if dms is not None and any(str(new_id) in str(m.components) for m in dms.history()):
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the first player of the page's rematch was not told")
        await sock.ws.close()
