"""The "Open live table" button and the command sync of an app with Activities (issue 43,
part 2), at the HTTP level against the fake Discord: SimCord knows neither the launch
callback (type 12) nor the Entry Point command (type 4)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import discord.http
import discord.webhook.async_
import pytest
import pytest_asyncio
from discord import app_commands

from bot.i18n import use_locale
from bot.runtime.command_sync import sync_keeping_entry_point
from bot.web.launch import TEMPLATE, LaunchButton, with_launch
from tests.bot.web.fake_discord import BOT_TOKEN, CLIENT_ID, FakeDiscord, fake_discord

ENTRY = {"id": "77", "name": "launch", "type": 4, "handler": 2, "description": ""}


@pytest_asyncio.fixture
async def logged_in(
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[tuple[FakeDiscord, discord.Client]]:
    """A discord.py client logged in (HTTP only, no gateway) to the fake."""
    async with fake_discord() as fake:
        monkeypatch.setattr(discord.http.Route, "BASE", fake.base)
        monkeypatch.setattr(discord.webhook.async_.Route, "BASE", fake.base)
        client = discord.Client(intents=discord.Intents.none())
        await client.http.static_login(BOT_TOKEN)  # HTTP only: no gateway, no app info
        client._connection.application_id = CLIENT_ID
        try:
            yield fake, client
        finally:
            await client.close()


def _click(client: discord.Client, custom_id: str) -> discord.Interaction[Any]:
    data: Any = {
        "id": "4242",
        "application_id": str(CLIENT_ID),
        "type": 3,
        "token": "interaction-token",
        "version": 1,
        "channel_id": "10",
        "data": {"custom_id": custom_id, "component_type": 2},
        "user": {"id": "101", "username": "ann", "discriminator": "0", "avatar": None},
        "locale": "en-US",
        "app_permissions": "0",
        "entitlements": [],
        "attachment_size_limit": 10485760,
        "authorizing_integration_owners": {},
    }
    return discord.Interaction(data=data, state=client._connection)


async def test_the_button_answers_by_launching_the_activity(
    logged_in: tuple[FakeDiscord, discord.Client],
) -> None:
    fake, client = logged_in
    view = with_launch(discord.ui.View(), 7)
    with_launch(view, 7)  # once only
    (dynamic,) = view.children
    assert isinstance(dynamic, LaunchButton)
    item = dynamic.item
    assert item.custom_id == "live:open:7" and item.label == "Open live table"
    with use_locale("de"):
        assert LaunchButton(7).item.label == "Live-Tisch öffnen"
    interaction = _click(client, "live:open:7")
    match = re.fullmatch(TEMPLATE, "live:open:7")
    assert match is not None
    button = await LaunchButton.from_custom_id(interaction, item, match)
    await button.callback(interaction)
    assert fake.callbacks == [{"type": 12}]  # LAUNCH_ACTIVITY, nothing else
    assert "POST /interactions/4242/interaction-token/callback" in fake.asked


def _tree(client: discord.Client) -> app_commands.CommandTree[Any]:
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)

    @tree.command(name="ping", description="Answers pong")
    async def ping(interaction: discord.Interaction[Any]) -> None: ...

    return tree


async def test_sync_keeps_the_entry_point_command(
    logged_in: tuple[FakeDiscord, discord.Client],
) -> None:
    fake, client = logged_in
    fake.commands = [dict(ENTRY), {"id": "5", "name": "old", "type": 1, "description": "x"}]
    tree = _tree(client)
    with pytest.raises(discord.HTTPException) as caught:
        await tree.sync()  # what discord.py does: Discord refuses it
    assert caught.value.code == 50240
    synced = await sync_keeping_entry_point(tree)
    assert sorted(c.name for c in synced) == ["launch", "ping"]
    assert [c for c in fake.commands if c["type"] == 4][0]["id"] == "77"
    assert "old" not in {c["name"] for c in fake.commands}  # a gone command is removed


async def test_sync_without_an_entry_point_is_a_plain_overwrite(
    logged_in: tuple[FakeDiscord, discord.Client],
) -> None:
    fake, client = logged_in
    synced = await sync_keeping_entry_point(_tree(client))
    assert [c.name for c in synced] == ["ping"]
    assert fake.overwrites[-1][0]["name"] == "ping" and len(fake.overwrites[-1]) == 1
