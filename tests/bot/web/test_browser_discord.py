"""The page inside Discord (issue 43), in Chromium: the real Embedded App SDK in our bundle talks
to a stand-in for the Discord client, a parent page speaking the SDK's postMessage protocol
(handshake, READY, AUTHORIZE, AUTHENTICATE) the way the client does; our server exchanges the
code with a fake Discord API. The page signs in with no user id of its own, shows its player's
hand and nobody else's, and plays a move."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.web.announce import Announcer, Change
from bot.web.app import DiscordSeating, LiveTable
from bot.web.auth import DiscordSignIn, Sessions
from storage import Storage
from tests.bot.web.browser import DESKTOP, PHONE, browser, served, shows_newer_than
from tests.bot.web.fake_discord import CLIENT_ID, fake_discord
from tests.bot.web.harness import ANN, BOB, CHANNEL
from tests.bot.web.test_browser import tap_love_letter_turn

SECRET = "a-session-secret-of-forty-characters-xyz"
INSTANCE = "i-browser"

CLIENT = """<!doctype html>
<html><body style="margin:0">
<iframe id="activity" src="%(src)s" style="border:0;width:100vw;height:100vh"></iframe>
<script>
// What the Discord client does for an Activity's frame: answer the SDK's handshake with
// READY, then its commands. CAPTURE_LOG (the SDK's console forwarding) is not answered.
window.rpc = {handshake: null, commands: [], token: null};
const frame = document.getElementById("activity");
window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, data] = event.data;
  const reply = (payload) => frame.contentWindow.postMessage([1, payload], "*");
  if (opcode === 0) {
    window.rpc.handshake = data;
    reply({cmd: "DISPATCH", evt: "READY", nonce: null,
           data: {v: 1, config: {api_endpoint: "//discord.com/api", environment: "production"}}});
    return;
  }
  if (opcode !== 1 || data.cmd === "CAPTURE_LOG") return;
  window.rpc.commands.push(data.cmd);
  if (data.cmd === "AUTHORIZE") {
    reply({cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: {code: %(code)s}});
  } else if (data.cmd === "AUTHENTICATE") {
    window.rpc.token = data.args.access_token;
    reply({cmd: "AUTHENTICATE", evt: null, nonce: data.nonce, data: {
      access_token: data.args.access_token,
      user: {username: "ann", discriminator: "0", id: %(user)s, public_flags: 0},
      scopes: ["identify"], expires: "2099-01-01T00:00:00.000Z",
      application: {description: "", id: %(client)s, name: "Tabletop"}}});
  }
});
</script>
</body></html>"""


@pytest.mark.parametrize("platform", ["desktop", "mobile"])
async def test_the_page_signs_in_through_the_discord_client_and_plays(
    tmp_path: Path, platform: str
) -> None:
    phone = platform == "mobile"
    storage = await Storage.open(tmp_path / "t.db")
    service = GameService(storage)
    service.seed_source = random.Random(6)
    await service.new_lobby(1, CHANNEL, ANN, "Ann", "loveletter", "hobbit", {}, 0)
    await service.join(CHANNEL, BOB, "Bob", "loveletter")
    game = await service.start(CHANNEL, ANN, kind="loveletter")
    async with fake_discord() as fake:
        fake.launch(INSTANCE, CHANNEL, [ANN, BOB])
        code = fake.grant(ANN)
        seating = DiscordSeating(Sessions(SECRET), DiscordSignIn(fake.app), storage)
        table = LiveTable(service, Announcer(), seating)
        try:
            async with served(table) as url, browser() as chrome:
                src = f"{url}?frame_id=f-1&instance_id={INSTANCE}&platform={platform}"
                client_page = f"{url}discord-client"  # same origin: the SDK accepts its frames
                html = CLIENT % {
                    "src": src,
                    "code": json.dumps(code),
                    "user": json.dumps(str(ANN)),
                    "client": json.dumps(str(CLIENT_ID)),
                }
                context = await chrome.new_context(
                    viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone
                )
                page = await context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                await page.route(
                    client_page, lambda route: route.fulfill(content_type="text/html", body=html)
                )
                sockets: list[str] = []
                received: list[Any] = []

                def opened(ws: Any) -> None:
                    sockets.append(ws.url)
                    ws.on("framereceived", lambda payload: received.append(payload))

                page.on("websocket", opened)
                await page.goto(client_page)
                handle = await page.wait_for_selector("#activity")
                frame: Any = await handle.content_frame()
                await frame.wait_for_selector("#app main", timeout=15000)
                rpc = await page.evaluate("window.rpc")
                assert rpc["handshake"]["client_id"] == str(CLIENT_ID)
                assert rpc["handshake"]["frame_id"] == "f-1"
                assert rpc["commands"] == ["AUTHORIZE", "AUTHENTICATE"]
                assert fake.tokens[rpc["token"]] == ANN  # the token our server got for Ann
                assert fake.asked[:3] == [
                    "POST /oauth2/token",
                    "GET /users/@me",
                    f"GET /applications/{CLIENT_ID}/activity-instances/{INSTANCE}",
                ]
                assert sockets and all("session=" in u and "user=" not in u for u in sockets)
                # Ann's own hand, large cards; Bob's never reaches her page
                _game, state = await service.running(game.id)
                hands = {p.id: p.hand for p in state.players}
                assert await frame.locator("button.card").count() == len(hands[str(ANN)])
                # Bob moves first if it is his turn (as a click in Discord would), then Ann taps
                if state.actor == str(BOB):
                    decision = service.legal(_game, state, str(BOB))[0]
                    await service.play(game.id, str(BOB), decision, _game.version)
                    await table.announcer.publish(Change(game.id))
                    await shows_newer_than(frame, _game.version)
                before, state = await service.running(game.id)
                assert state.actor == str(ANN)
                frame.touch = phone  # a tap or a click (tests/bot/web/browser.py press)
                assert await tap_love_letter_turn(frame)
                await shows_newer_than(frame, before.version)
                after, _state = await service.running(game.id)
                assert after.version > before.version  # Ann's tap was her move, saved
                frames = [json.loads(f) for f in received if isinstance(f, str)]
                private = [f for f in frames if f.get("type") == "private"]
                assert private and {f["player"] for f in private} == {str(ANN)}  # hers only
                assert errors == []
                await context.close()
        finally:
            table.close()
            await storage.close()
