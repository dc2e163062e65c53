"""A local stand-in for Discord's gateway (and the HTTP API calls a login makes), so real
`python -m bot run` processes connect their shards without the network.

The gateway speaks JSON text frames: HELLO on connect, an ACK for every heartbeat, READY for an
IDENTIFY (recorded with the shard and the time it arrived), RESUMED for a RESUME. While
`silent()` is on it sends nothing at all, not even HELLO to a new connection (a stalled
gateway, as a shard sees a dead route); it still reads what the bot sends and answers a close.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, ClassVar

from aiohttp import WSMsgType, web

from tests.bot.stand_in_api import JsonAnswers, stand_in_api

HELLO, HEARTBEAT, IDENTIFY, RESUME, ACK, DISPATCH = 10, 1, 2, 6, 11, 0
BOT_USER = {"id": "1", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
# `python -m bot run` with Discord's API at API_BASE and its gateway at GATEWAY (stand-ins).
RUN_WITH_GATEWAY = (
    "import os, sys, yarl, discord.gateway, discord.http; "
    "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ['GATEWAY']); "
    "discord.http.Route.BASE = os.environ['API_BASE']; "
    "from bot.cli import main; sys.exit(main(['run']))"
)


@dataclass
class Gateway:
    """What the stand-in saw: IDENTIFYs as (shard, monotonic time), RESUMEs, connections."""

    url: str = ""
    heartbeat_ms: int = 1000
    identifies: list[tuple[int, float]] = field(default_factory=list)
    resumes: list[tuple[str, float]] = field(default_factory=list)
    connections: int = 0
    _loop: asyncio.AbstractEventLoop | None = None
    _speaking: asyncio.Event | None = None
    _sessions: Iterator[int] = field(default_factory=itertools.count)

    def silent(self, on: bool) -> None:
        """Stop (or start again) sending anything on every connection, new ones included."""
        assert self._loop is not None and self._speaking is not None
        speaking = self._speaking
        self._loop.call_soon_threadsafe(speaking.clear if on else speaking.set)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        assert self._speaking is not None
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self.connections += 1
        await self._speaking.wait()
        await ws.send_json({"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_ms}})
        seq = 0
        async for message in ws:
            if message.type is not WSMsgType.TEXT or not self._speaking.is_set():
                continue
            payload = json.loads(message.data)
            op, data = payload.get("op"), payload.get("d") or {}
            if op == HEARTBEAT:
                await ws.send_json({"op": ACK})
            elif op == IDENTIFY:
                shard, count = data.get("shard", [0, 1])
                self.identifies.append((shard, time.monotonic()))
                seq += 1
                ready = {
                    "v": 10,
                    "user": BOT_USER,
                    "guilds": [],
                    "session_id": f"session-{next(self._sessions)}",
                    "resume_gateway_url": self.url,
                    "shard": [shard, count],
                    "application": {"id": "1", "flags": 0},
                }
                await ws.send_json({"op": DISPATCH, "t": "READY", "s": seq, "d": ready})
            elif op == RESUME:
                self.resumes.append((str(data.get("session_id")), time.monotonic()))
                seq = int(data.get("seq") or 0) + 1
                await ws.send_json({"op": DISPATCH, "t": "RESUMED", "s": seq, "d": {}})
        return ws


class DiscordApi(JsonAnswers):
    """The HTTP calls of a login and a command sync, and GET /gateway/bot with the stand-in
    gateway's URL and `max_concurrency`."""

    gateway = ""
    max_concurrency = 1
    answers: ClassVar[dict[str, object]] = {
        "/users/@me": BOT_USER,
        "/oauth2/applications/@me": {
            "id": "1",
            "name": "bot",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0",
            "owner": {"id": "2", "username": "owner", "discriminator": "0", "avatar": None},
        },
        "/applications/1/commands": [],
    }

    def do_GET(self) -> None:  # noqa: N802 - the http.server API
        path = self.path.split("/api/v10", 1)[1].split("?", 1)[0]
        if path == "/gateway/bot":
            limit = {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": self.max_concurrency,
            }
            self.answer({"url": self.gateway, "shards": 1, "session_start_limit": limit})
        else:
            self.answer(self.answers.get(path, {}))

    do_PUT = do_GET  # noqa: N815 - the command sync


@contextmanager
def stand_in_discord(max_concurrency: int = 1) -> Iterator[tuple[dict[str, str], Gateway]]:
    """The stand-in API and gateway: yields (API_BASE and GATEWAY for RUN_WITH_GATEWAY, the
    gateway's record)."""
    gateway = Gateway()
    started = threading.Event()
    stop: list[Any] = []

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        gateway._loop, gateway._speaking = loop, asyncio.Event()
        gateway._speaking.set()
        app = web.Application()
        app.router.add_get("/", gateway.handle)
        runner = web.AppRunner(app, handle_signals=False, shutdown_timeout=1.0)
        loop.run_until_complete(runner.setup())
        site = web.TCPSite(runner, "127.0.0.1", 0)
        loop.run_until_complete(site.start())
        port = runner.addresses[0][1]
        gateway.url = f"ws://127.0.0.1:{port}/"
        finished = loop.create_future()
        stop.append(lambda: loop.call_soon_threadsafe(finished.set_result, None))
        started.set()
        loop.run_until_complete(finished)
        loop.run_until_complete(runner.cleanup())
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(30), "the stand-in gateway did not start"
    DiscordApi.gateway, DiscordApi.max_concurrency = gateway.url, max_concurrency
    try:
        with stand_in_api(DiscordApi) as base:
            yield {"API_BASE": base, "GATEWAY": gateway.url}, gateway
    finally:
        stop[0]()
        thread.join(30)
