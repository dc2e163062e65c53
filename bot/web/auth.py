"""Signing in to the live table inside Discord, as Discord requires (issue 43, part 2).

The page gets an OAuth code from the Embedded App SDK (`authorize`) and posts it with its
activity instance id to `POST /auth`. Our server then, with nothing taken on the page's word:
exchanges the code with the client secret (`/oauth2/token`), asks Discord who the token
belongs to (`/users/@me`), asks with the bot token which channel the instance runs in and who
is in it (`/applications/{id}/activity-instances/{instance}`), and refuses unless that user is
in that instance. It answers the access token (the page's `authenticate`) and a short-lived
session: user and channel, signed with HMAC-SHA256 under WEB_SESSION_SECRET, so any web
process of the same secret accepts it and a forged or expired one is refused.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web

log = logging.getLogger(__name__)
SESSION_SECONDS = 3600
"""How long a session opens sockets: an Activity is an evening's game, not a login for ever."""
TIMEOUT = aiohttp.ClientTimeout(total=10)


class SignInRefused(Exception):
    """Discord did not vouch for this viewer; `str(error)` says why, for the page."""


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who a session is for: a Discord user in an Activity of one channel."""

    user_id: int
    channel_id: int


class Sessions:
    """Short-lived sessions signed with a server secret: `payload.signature`, both base64url."""

    def __init__(self, secret: str, seconds: int = SESSION_SECONDS) -> None:
        self._key = hashlib.sha256(b"live-table-session\0" + secret.encode()).digest()
        self.seconds = seconds

    def issue(self, visitor: Visitor, now: float | None = None) -> str:
        expires = int((time.time() if now is None else now) + self.seconds)
        body = json.dumps(
            {"u": str(visitor.user_id), "c": str(visitor.channel_id), "e": expires},
            separators=(",", ":"),
        ).encode()
        payload = _b64(body)
        return f"{payload}.{self._sign(payload)}"

    def check(self, token: str, now: float | None = None) -> Visitor:
        """The visitor of a genuine, unexpired session; SignInRefused otherwise."""
        payload, _dot, signature = token.partition(".")
        if not hmac.compare_digest(signature.encode(), self._sign(payload).encode()):
            raise SignInRefused("The session is not one this server signed.")
        try:
            data = json.loads(_unb64(payload))
            visitor = Visitor(int(data["u"]), int(data["c"]))
            expires = int(data["e"])
        except (ValueError, KeyError, TypeError):
            raise SignInRefused("The session is not one this server signed.") from None
        if expires < (time.time() if now is None else now):
            raise SignInRefused("The session has expired; open the live table again.")
        return visitor

    def _sign(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode(), hashlib.sha256).digest())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass(frozen=True)
class DiscordApp:
    """The application's credentials and where Discord's API is (a fake in the tests)."""

    client_id: int
    client_secret: str
    bot_token: str
    api_base: str


class DiscordSignIn:
    """The three questions to Discord behind one sign-in."""

    def __init__(self, app: DiscordApp) -> None:
        self.app = app
        self._http: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._http is not None:
            await self._http.close()

    def _client(self) -> aiohttp.ClientSession:
        if self._http is None:
            self._http = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._http

    async def sign_in(self, code: str, instance_id: str) -> tuple[str, Visitor]:
        """(the user's access token, the visitor) for a code and the instance it came from."""
        access = await self._exchange(code)
        user = await self._ask("/users/@me", f"Bearer {access}")
        instance = await self._ask(
            f"/applications/{self.app.client_id}/activity-instances/{instance_id}",
            f"Bot {self.app.bot_token}",
            missing="That Activity is not running (the instance is unknown to Discord).",
        )
        try:
            user_id = int(user["id"])
            channel_id = int(instance["location"]["channel_id"])
            users = {int(u) for u in instance.get("users", ())}
        except (KeyError, TypeError, ValueError):
            raise SignInRefused("Discord's answer could not be read; try again.") from None
        if user_id not in users:
            raise SignInRefused("You are not in this Activity; open it from the channel.")
        return access, Visitor(user_id, channel_id)

    async def _exchange(self, code: str) -> str:
        form = {
            "client_id": str(self.app.client_id),
            "client_secret": self.app.client_secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        url = self.app.api_base + "/oauth2/token"
        async with self._client().post(url, data=form) as response:
            if response.status != 200:
                raise SignInRefused("Discord did not accept the sign-in code; open it again.")
            data = await response.json()
        token = data.get("access_token") if isinstance(data, dict) else None
        if not isinstance(token, str) or not token:
            raise SignInRefused("Discord did not accept the sign-in code; open it again.")
        return token

    async def _ask(self, path: str, authorization: str, missing: str = "") -> dict[str, Any]:
        url = self.app.api_base + path
        async with self._client().get(url, headers={"Authorization": authorization}) as response:
            if response.status == 404 and missing:
                raise SignInRefused(missing)
            if response.status != 200:
                log.warning("Discord answered %s to GET %s", response.status, path)
                raise SignInRefused("Discord refused to say who you are; open it again.")
            data = await response.json()
        if not isinstance(data, dict):
            raise SignInRefused("Discord's answer could not be read; try again.")
        return data


async def auth_endpoint(
    request: web.Request, signin: DiscordSignIn, sessions: Sessions
) -> web.Response:
    """`POST /auth {code, instance_id}` -> `{access_token, session}`, or 401 with the reason."""
    try:
        body = await request.json()
    except ValueError:
        body = None
    code = body.get("code") if isinstance(body, dict) else None
    instance = body.get("instance_id") if isinstance(body, dict) else None
    if not isinstance(code, str) or not code or len(code) > 200:
        return _refuse("No sign-in code was sent.")
    if not isinstance(instance, str) or not instance or len(instance) > 200:
        return _refuse("No Activity instance was sent.")
    if not all(c.isalnum() or c in "-_" for c in instance):
        return _refuse("That is not an Activity instance id.")
    try:
        access, visitor = await signin.sign_in(code, instance)
    except SignInRefused as refused:
        return _refuse(str(refused))
    except aiohttp.ClientError as error:
        log.warning("Discord could not be reached for a sign-in: %s", error)
        return _refuse("Discord could not be reached; try again.", status=503)
    return web.json_response({"access_token": access, "session": sessions.issue(visitor)})


def _refuse(reason: str, status: int = 401) -> web.Response:
    return web.json_response({"reason": reason}, status=status)
