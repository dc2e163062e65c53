"""A whole game of Nim, the test-only game (tests/games/nim), through SimCord as players
would play it: `/nim new`, Join, `/nim addbot`, Start, the public table, "My stones" opening
each player's private (ephemeral) take buttons, the AI seat's turns, the game's end on the
table, and `/nim leaderboard` and `/nim stats`. Nim is registered from the test (the `nim`
fixture) before the bot starts: the bot loads its cog and components from the registry, with
no platform file naming it (issue 42, item 5)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from tests.cogs.conftest import seeded
from tests.cogs.driver import button, flat, message_text, raw_components, text_of


@pytest.fixture
def simcord_bot(tmp_path: Path, nim: str) -> commands.Bot:
    """The real bot, created once Nim is registered; AI seats answer at once."""
    settings = Settings(database_path=tmp_path / "nim.db", ai_turn_delay_seconds=0)
    return seeded(create_bot(settings))


def _table(channel: Any) -> Any:
    """The channel's latest Nim table (the message with the "Rules" button)."""
    tables = [
        m
        for m in channel.history()
        if any(c.get("custom_id", "").startswith("nim:rules:") for c in flat(raw_components(m)))
    ]
    return tables[-1]


def _shown(response: Any) -> Any:
    return getattr(response, "message", response)


async def test_a_whole_game_of_nim_through_discord(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("nim")
    ann, bob = (guild.add_member(env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "nim new", timer=0)).response
    assert "Nim — lobby" in message_text(lobby)
    await bob.click(lobby, custom_id=button(lobby, "nim:lobby:join:"))
    added = (await ann.slash(channel, "nim addbot")).response
    assert "Nim bot 1 took a seat." in message_text(_shown(added))
    await ann.click(lobby, custom_id=button(lobby, "nim:lobby:start:"))

    table = _table(channel)
    heap = int(re.search(r"Stones left: (\d+)", text_of(table)).group(1))  # type: ignore[union-attr]
    assert 10 <= heap <= 15  # NIM-1
    members = {str(m.id): m for m in (ann, bob)}
    game_id = (await env.bot.storage.get_game_in_channel(channel.id)).id
    turns = 0
    while (record := await env.bot.storage.get_game(game_id)).status == "running":
        _, state = await env.bot.service.running(record.id)
        actor = members[state.players[state.turn]]  # the AI answers at once: a human's turn
        other = bob if actor is ann else ann
        opened = await actor.click(_table(channel), custom_id=f"nim:hand:{record.id}")
        hand = opened.response
        assert "Take how many?" in message_text(_shown(hand))
        takes = [
            c for c in flat(raw_components(_shown(hand))) if c["custom_id"].startswith("nim:t:")
        ]
        assert [c["label"] for c in takes] == [f"Take {n}" for n in range(1, len(takes) + 1)]
        # Private: the other player's view of the channel shows no take button.
        seen = [flat(raw_components(m)) for m in channel.history(viewer=other)]
        assert not any(c.get("custom_id", "").startswith("nim:t:") for cs in seen for c in cs)
        done = await actor.click(hand, custom_id=takes[-1]["custom_id"])
        assert done.acknowledged
        turns += 1
        assert turns < 20, "the game did not end"

    assert record.status == "finished"
    result = await env.bot.storage.get_result(record.id)
    assert result is not None
    winner = result.winners[0]
    name = {str(ann.id): "ann", str(bob.id): "bob"}.get(winner, "Nim bot 1")
    shown = text_of(_table(channel))
    assert "Stones left: 0" in shown and f"{name} won the game." in shown  # NIM-3
    assert not any(
        c.get("custom_id", "").startswith("nim:hand:")
        for c in flat(raw_components(_table(channel)))
    )

    told = [m.content or "" for m in ann.user.dm_channel.history()]  # the platform's turn DMs
    assert any(
        t.startswith(("It's your turn — Nim in", "That turn is over — Nim in")) for t in told
    )

    board = (await ann.slash(channel, "nim leaderboard")).response
    rows = board.embeds[0].description or ""
    if winner in members:
        assert f"**1.** <@{winner}> — 1 wins" in rows
    else:
        assert "— 0 wins" in rows
    stats = (await bob.slash(channel, "nim stats")).response
    won = int(winner == str(bob.id))
    assert f"1 played, {won} won" in (stats.embeds[0].description or "")
