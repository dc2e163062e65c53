"""PostgreSQL LISTEN/NOTIFY between processes (issue 43, part 2), on the real PostgreSQL the
suite starts: news reaches a listener on another connection, and a move committed by one
process reaches a socket that another process serves."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.service import GameService
from bot.web.announce import Announcer, Change, announce_commits
from bot.web.app import LiveTable, QuerySeating, make_app
from bot.web.bridge import Bridge
from storage import open_storage
from storage.postgres.notify import GameNews, News
from tests.bot.web.harness import ANN, BOB, CHANNEL, Socket


async def test_news_reaches_a_listener_on_another_connection(pg_url: str) -> None:
    sender = await GameNews.open(pg_url, origin="one")
    listener = await GameNews.open(pg_url, origin="two")
    heard: asyncio.Queue[News] = asyncio.Queue()

    async def hear(news: News) -> None:
        await heard.put(news)

    listener.subscribe(hear)
    sender.subscribe(hear)  # a process never hears its own news
    try:
        await sender.send(7)
        await sender.send(7, moved_to=8)
        await sender.send(7, followed=True)
        await sender.send(7, resumed=True)
        assert await asyncio.wait_for(heard.get(), 5) == News(7, "one")
        assert await asyncio.wait_for(heard.get(), 5) == News(7, "one", 8)
        assert await asyncio.wait_for(heard.get(), 5) == News(7, "one", followed=True)
        assert await asyncio.wait_for(heard.get(), 5) == News(7, "one", resumed=True)
        await asyncio.sleep(0.2)
        assert heard.empty()
    finally:
        await sender.close()
        await listener.close()


@dataclass
class Process:
    """One process's share of a deployment: its storage, service, announcer and bridge."""

    service: GameService
    announcer: Announcer
    bridge: Bridge
    client: TestClient[Any, Any] | None = None


@asynccontextmanager
async def process(url: str, tmp: Path, name: str, serve: bool) -> AsyncIterator[Process]:
    """A shard-like process (`serve` False: its commits announced by the commit hook, marked
    followed: a shard shows its own commits in Discord) or a web process (`serve`: the page
    announces its own moves, as `python -m bot web` does)."""
    storage = await open_storage(url, tmp / f"{name}.db")
    service = GameService(storage)
    announcer = Announcer()
    if not serve:
        announce_commits(service, announcer, followed=True)
    bridge = Bridge(announcer, await GameNews.open(url, origin=name))
    proc = Process(service, announcer, bridge)
    table = LiveTable(service, announcer, QuerySeating())
    if serve:
        proc.client = TestClient(TestServer(make_app(table)))
        await proc.client.start_server()
    try:
        yield proc
    finally:
        if proc.client is not None:
            await proc.client.close()
        await announcer.settled()
        await bridge.close()
        await storage.close()


async def test_a_move_in_one_process_reaches_a_socket_of_another(
    pg_url: str, tmp_path: Path
) -> None:
    async with (
        process(pg_url, tmp_path, "shard", serve=False) as shard,
        process(pg_url, tmp_path, "web", serve=True) as web,
    ):
        s = shard.service
        s.seed_source = random.Random(3)
        await s.new_lobby(1, CHANNEL, ANN, "Ann", "loveletter", "hobbit", {}, 0)
        await s.join(CHANNEL, BOB, "Bob", "loveletter")
        game = await s.start(CHANNEL, ANN, kind="loveletter")
        assert web.client is not None
        sock = Socket(await web.client.ws_connect(f"/ws?game={game.id}&user={BOB}"), BOB)
        first = await sock.until("table")
        # the shard process plays (as a Discord click would): its commit hook announces it,
        # the bridge NOTIFYs, the web process hears it and sends its socket the new table
        _game, state = await s.running(game.id)
        mover = s.awaiting(game, state)[0]
        decision = s.legal(game, state, mover)[0]
        loop = asyncio.get_running_loop()
        started = loop.time()
        await s.play(game.id, mover, decision, first["version"])
        table = await sock.until("table", first["version"] + 1)
        assert table["version"] == first["version"] + 1
        assert loop.time() - started < 1.0  # "within a second"
        mine = await sock.until("private", table["version"])
        assert mine["player"] == str(BOB)
        await sock.ws.close()


async def test_a_move_on_the_page_is_one_notification(pg_url: str, tmp_path: Path) -> None:
    """The bot follows each NOTIFY with the table and the next turn: one per move, not two."""
    listener = await GameNews.open(pg_url, origin="shard")
    heard: asyncio.Queue[News] = asyncio.Queue()

    async def hear(news: News) -> None:
        await heard.put(news)

    listener.subscribe(hear)
    try:
        async with process(pg_url, tmp_path, "web", serve=True) as web:
            s = web.service
            await s.new_lobby(1, CHANNEL, ANN, "Ann", "loveletter", "hobbit", {}, 0)
            await s.join(CHANNEL, BOB, "Bob", "loveletter")
            game = await s.start(CHANNEL, ANN, kind="loveletter")
            _game, state = await s.running(game.id)
            mover = s.awaiting(game, state)[0]
            assert web.client is not None
            sock = Socket(await web.client.ws_connect(f"/ws?game={game.id}&user={mover}"), None)
            mine = await sock.until("private")
            choice = mine["private"]["decisions"][0]["decision"]
            await sock.send({"type": "decide", "version": mine["version"], "decision": choice})
            await sock.until("table", mine["version"] + 1)
            news = await asyncio.wait_for(heard.get(), 5)
            assert (news.game_id, news.followed) == (game.id, False)  # a shard shows it
            await asyncio.sleep(0.3)
            assert heard.empty()
            await sock.ws.close()
    finally:
        await listener.close()


async def test_a_shards_commit_reaches_the_others_marked_followed(
    pg_url: str, tmp_path: Path
) -> None:
    """A shard shows its own commits in Discord: its news says so, so another shard that hears
    it does not tell the next player again (no second turn DM); a page's move is not marked."""
    async with (
        process(pg_url, tmp_path, "shard", serve=False) as shard,
        process(pg_url, tmp_path, "other", serve=False) as other,
    ):
        heard: asyncio.Queue[Change] = asyncio.Queue()

        async def hear(change: Change) -> None:
            await heard.put(change)

        other.announcer.subscribe(hear)
        s = shard.service
        await s.new_lobby(1, CHANNEL, ANN, "Ann", "loveletter", "hobbit", {}, 0)
        await s.join(CHANNEL, BOB, "Bob", "loveletter")
        game = await s.start(CHANNEL, ANN, kind="loveletter")
        _game, state = await s.running(game.id)
        mover = s.awaiting(game, state)[0]
        await s.play(game.id, mover, s.legal(game, state, mover)[0], game.version)
        change = await asyncio.wait_for(heard.get(), 5)
        assert (change.game_id, change.remote, change.followed) == (game.id, True, True)
