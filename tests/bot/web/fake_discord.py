"""A fake of the parts of Discord's HTTP API the live table talks to, served by aiohttp on a
local port (the tests set DISCORD_API_BASE to it; no network): the OAuth code exchange, who a
token belongs to, activity instances, and the application's global commands.

It checks what Discord checks (the client secret, a code used once, the bot token, the user
token) so a test of a refusal is a refusal Discord would give.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.web.auth import DiscordApp

CLIENT_ID = 555000111
CLIENT_SECRET = "client-secret-of-the-fake"
BOT_TOKEN = "bot-token-of-the-fake"
PREFIX = "/api/v10"


def _json(data: Any, status: int = 200) -> web.Response:
    """JSON as Discord sends it: discord.py reads a body as JSON only for exactly this type."""
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


@dataclass
class FakeDiscord:
    """What the fake knows; tests arrange it (`grant`, `launch`) and read what it was asked."""

    codes: dict[str, int] = field(default_factory=dict)  # one-time OAuth code -> user
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user
    instances: dict[str, dict[str, Any]] = field(default_factory=dict)
    commands: list[dict[str, Any]] = field(default_factory=list)  # global commands
    overwrites: list[list[dict[str, Any]]] = field(default_factory=list)  # bulk PUT bodies
    callbacks: list[dict[str, Any]] = field(default_factory=list)  # interaction callbacks
    asked: list[str] = field(default_factory=list)  # "METHOD path", in order
    base: str = ""
    _serial: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def app(self) -> DiscordApp:
        return DiscordApp(CLIENT_ID, CLIENT_SECRET, BOT_TOKEN, self.base)

    def grant(self, user: int) -> str:
        """An OAuth code the SDK's `authorize` would give `user`."""
        code = f"code-{user}-{next(self._serial)}"
        self.codes[code] = user
        return code

    def launch(self, instance: str, channel: int, users: list[int]) -> None:
        """An Activity running in `channel` with `users` in it."""
        self.instances[instance] = {
            "application_id": str(CLIENT_ID),
            "instance_id": instance,
            "launch_id": "1",
            "location": {"id": f"gc-{channel}", "kind": "gc", "channel_id": str(channel)},
            "users": [str(u) for u in users],
        }

    # ------------------------------------------------------------ the routes

    def routes(self) -> web.Application:
        app = web.Application()
        app.middlewares.append(self._log)
        app.router.add_post(PREFIX + "/oauth2/token", self.token)
        app.router.add_get(PREFIX + "/users/@me", self.me)
        app.router.add_get(
            PREFIX + "/applications/{app}/activity-instances/{instance}", self.instance
        )
        app.router.add_get(PREFIX + "/applications/{app}/commands", self.list_commands)
        app.router.add_put(PREFIX + "/applications/{app}/commands", self.overwrite)
        app.router.add_post(PREFIX + "/interactions/{id}/{token}/callback", self.callback)
        return app

    @web.middleware
    async def _log(self, request: web.Request, handler: Any) -> web.StreamResponse:
        self.asked.append(f"{request.method} {request.path.removeprefix(PREFIX)}")
        response: web.StreamResponse = await handler(request)
        return response

    async def token(self, request: web.Request) -> web.Response:
        form = await request.post()
        if form.get("client_id") != str(CLIENT_ID) or form.get("client_secret") != CLIENT_SECRET:
            return _json({"error": "invalid_client"}, status=401)
        user = self.codes.pop(str(form.get("code")), None)
        if form.get("grant_type") != "authorization_code" or user is None:
            return _json({"error": "invalid_grant"}, status=400)
        access = f"access-{user}-{next(self._serial)}"
        self.tokens[access] = user
        return _json({"access_token": access, "token_type": "Bearer"})

    async def me(self, request: web.Request) -> web.Response:
        kind, _sp, token = request.headers.get("Authorization", "").partition(" ")
        if kind == "Bot" and token == BOT_TOKEN:  # discord.py's login
            bot = {"id": str(CLIENT_ID), "username": "bot", "discriminator": "0", "bot": True}
            return _json({**bot, "avatar": None})
        user = self.tokens.get(token) if kind == "Bearer" else None
        if user is None:
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return _json({"id": str(user), "username": f"user{user}"})

    def _bot(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {BOT_TOKEN}"

    async def instance(self, request: web.Request) -> web.Response:
        if not self._bot(request) or request.match_info["app"] != str(CLIENT_ID):
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        found = self.instances.get(request.match_info["instance"])
        if found is None:
            return _json({"message": "Unknown", "code": 10001}, status=404)
        return _json(found)

    async def list_commands(self, request: web.Request) -> web.Response:
        if not self._bot(request):
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return _json(self.commands)

    async def overwrite(self, request: web.Request) -> web.Response:
        """Discord's rule: an overwrite that leaves out the Entry Point command is 50240."""
        if not self._bot(request):
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        body = await request.json()
        self.overwrites.append(body)
        entry = [c for c in self.commands if c.get("type") == 4]
        kept = [c for c in body if c.get("type") == 4]
        if entry and not kept:
            message = "You cannot remove this app's Entry Point command in a bulk update"
            return _json({"message": message, "code": 50240}, status=400)
        self.commands = [
            {"id": c.get("id", str(9000 + n)), "application_id": str(CLIENT_ID), **c}
            for n, c in enumerate(body)
        ]
        return _json(self.commands)

    async def callback(self, request: web.Request) -> web.Response:
        """Records the answer; a launch (type 12) starts an instance, as Discord answers."""
        body = await request.json()
        self.callbacks.append(body)
        interaction = {"id": request.match_info["id"], "type": 3}
        resource: dict[str, Any] = {"type": body.get("type")}
        if body.get("type") == 12:
            interaction["activity_instance_id"] = "i-launched"
            resource["activity_instance"] = {"id": "i-launched"}
        return _json({"interaction": interaction, "resource": resource})


@asynccontextmanager
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """The fake on a free local port, `base` set to its API base."""
    fake = FakeDiscord()
    server = TestServer(fake.routes())
    await server.start_server()
    fake.base = str(server.make_url(PREFIX))
    try:
        yield fake
    finally:
        await server.close()
