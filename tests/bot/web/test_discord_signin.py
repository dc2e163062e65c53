"""Signing in inside Discord (issue 43, part 2): the code is exchanged by our server, the user
and the activity instance are asked of Discord (a fake), and only then a signed session opens
a socket; nothing the page says about who it is counts."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.web.app import DiscordSeating, Seating
from bot.web.auth import DiscordSignIn, Sessions, SignInRefused, Visitor
from storage import Storage
from tests.bot.web.fake_discord import FakeDiscord, fake_discord
from tests.bot.web.harness import ANN, BOB, CHANNEL, Live, live_table

SECRET = "a-session-secret-of-forty-characters-xyz"
EVE = 199  # in the channel's Activity, not seated: a spectator
INSTANCE = "i-1234"


def _discord(fake: FakeDiscord) -> Callable[[Storage], Seating]:
    return lambda storage: DiscordSeating(Sessions(SECRET), DiscordSignIn(fake.app), storage)


@asynccontextmanager
async def signed_in_table(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, Live]]:
    path = tmp_path / "t.db"
    async with fake_discord() as fake, live_table(path, seating=_discord(fake)) as live:
        fake.launch(INSTANCE, CHANNEL, [ANN, BOB, EVE])
        yield fake, live


async def _sign_in(
    live: Live, code: str | None, instance: str | None = INSTANCE
) -> tuple[int, dict[str, Any]]:
    body = {k: v for k, v in (("code", code), ("instance_id", instance)) if v is not None}
    response = await live.client.post("/auth", json=body)
    return response.status, await response.json()


async def _socket(live: Live, session: str, extra: str = "") -> aiohttp.ClientWebSocketResponse:
    return await live.client.ws_connect(f"/ws?session={session}{extra}")


async def _first_frames(ws: aiohttp.ClientWebSocketResponse, n: int) -> list[dict[str, Any]]:
    return [await ws.receive_json(timeout=10) for _ in range(n)]


async def test_sign_in_opens_the_players_own_view(tmp_path: Path) -> None:
    async with signed_in_table(tmp_path) as (fake, live):
        game_id = await live.new_game("loveletter", "hobbit")
        status, answer = await _sign_in(live, fake.grant(ANN))
        assert status == 200, answer
        assert fake.tokens[answer["access_token"]] == ANN  # the page authenticates with it
        # the query's user is not trusted: the session says who this is
        ws = await _socket(live, answer["session"], f"&user={BOB}")
        hello, table, private = await _first_frames(ws, 3)
        assert hello["mode"] == "discord" and hello["player"] == str(ANN)
        assert table["id"] == game_id and private["player"] == str(ANN)
        _game, state = await live.service.running(game_id)
        own = next(p for p in state.players if p.id == str(ANN))
        assert [c["id"] for c in private["private"]["hand"]] == list(own.hand)
        await ws.close()
        assert fake.asked[:3] == [
            "POST /oauth2/token",
            "GET /users/@me",
            f"GET /applications/{fake.app.client_id}/activity-instances/{INSTANCE}",
        ]


async def test_someone_in_the_channel_but_not_seated_is_a_spectator(tmp_path: Path) -> None:
    async with signed_in_table(tmp_path) as (fake, live):
        await live.new_game("loveletter", "hobbit")
        _status, answer = await _sign_in(live, fake.grant(EVE))
        ws = await _socket(live, answer["session"])
        hello, table = await _first_frames(ws, 2)
        assert hello["player"] is None and table["type"] == "table"
        with pytest.raises(TimeoutError):  # no private frame: a spectator has no hand
            await ws.receive_json(timeout=0.3)
        await ws.close()


@pytest.mark.parametrize(
    ("arrange", "reason"),
    [
        ("no code", "No sign-in code"),
        ("no instance", "No Activity instance"),
        ("used code", "did not accept the sign-in code"),
        ("wrong instance", "not running"),
        ("not in it", "not in this Activity"),
    ],
)
async def test_a_sign_in_discord_does_not_vouch_for_is_refused(
    tmp_path: Path, arrange: str, reason: str
) -> None:
    async with signed_in_table(tmp_path) as (fake, live):
        code = fake.grant(ANN)
        instance: str | None = INSTANCE
        if arrange == "no code":
            code = ""
        elif arrange == "no instance":
            instance = None
        elif arrange == "used code":
            assert (await _sign_in(live, code))[0] == 200
        elif arrange == "wrong instance":
            instance = "i-other"
        elif arrange == "not in it":
            fake.launch(INSTANCE, CHANNEL, [BOB])
        status, answer = await _sign_in(live, code, instance)
        assert status == 401 and reason in answer["reason"]
        assert "session" not in answer


async def test_an_instance_of_another_channel_sees_no_game_here(tmp_path: Path) -> None:
    async with signed_in_table(tmp_path) as (fake, live):
        game_id = await live.new_game("loveletter", "hobbit")
        fake.launch("i-elsewhere", CHANNEL + 1, [ANN])
        _status, answer = await _sign_in(live, fake.grant(ANN), "i-elsewhere")
        with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
            await _socket(live, answer["session"])
        assert caught.value.status == 404  # no game in that channel
        with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
            await _socket(live, answer["session"], f"&game={game_id}")
        assert caught.value.status == 403  # not that channel's game


@pytest.mark.parametrize("kind", ["none", "forged", "expired", "other secret"])
async def test_a_socket_without_a_genuine_session_is_refused(tmp_path: Path, kind: str) -> None:
    async with signed_in_table(tmp_path) as (_fake, live):
        game_id = await live.new_game("loveletter", "hobbit")
        visitor = Visitor(ANN, CHANNEL)
        session = {
            "none": "",
            "forged": Sessions(SECRET).issue(Visitor(BOB, CHANNEL)).split(".")[0]
            + "."
            + Sessions(SECRET).issue(visitor).split(".")[1],
            "expired": Sessions(SECRET, seconds=-1).issue(visitor),
            "other secret": Sessions("another-secret-" * 3).issue(visitor),
        }[kind]
        with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
            await _socket(live, session, f"&game={game_id}&user={ANN}")
        assert caught.value.status == 401


def test_a_session_says_who_until_it_expires() -> None:
    sessions = Sessions(SECRET, seconds=60)
    token = sessions.issue(Visitor(ANN, CHANNEL), now=1000)
    assert sessions.check(token, now=1059) == Visitor(ANN, CHANNEL)
    with pytest.raises(SignInRefused, match="expired"):
        sessions.check(token, now=1061)
    payload, signature = token.split(".")
    with pytest.raises(SignInRefused, match="not one this server signed"):
        sessions.check(payload[:-2] + "AA." + signature, now=1000)


async def test_the_session_endpoint_tells_the_page_the_client_id(tmp_path: Path) -> None:
    async with signed_in_table(tmp_path) as (fake, live):
        answer = await (await live.client.get("/session")).json()
        assert answer["mode"] == "discord"
        assert answer["client_id"] == str(fake.app.client_id)
