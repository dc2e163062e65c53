"""A finished game (issue 14): its table offers Rematch and Rules (which still answer), names
each tally once with its word, and a Rematch opens a lobby with the same players and settings;
`/loveletter help` lists every command."""

from __future__ import annotations

import random
import re

from bot.games.loveletter.messages.rules import rules_summary
from cogs.loveletter import LOVELETTER
from tests.cogs.dms_and_ai_moves import MultiGame
from tests.cogs.driver import flat, message_text, open_game, play_to_end, raw_components


def _labels(message) -> list[str]:  # noqa: ANN001
    return [c.get("label", "") for c in flat(raw_components(message))]


async def test_the_finished_table_offers_rematch_and_rules(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=11)
    await play_to_end(g)
    table = g.table()
    assert _labels(table) == ["Rematch", "Rules"]  # no "My hand": nothing left to play
    res = await g.members[1].click(table, label="Rules")
    assert res.ephemeral
    assert res.response.content == rules_summary("hobbit")[:2000]
    text = message_text(table)
    # Each seat's tally once, with its word and a dash: "ann – 4 crowns, bob – 2 crowns"
    assert len(re.findall(r"\d+ crowns?\b", text)) == 2
    assert re.search(r"Final tally: \w+ – \d+ crowns?, \w+ – \d+ crowns?$", text, re.M)
    assert "wins the game" in text and text.count("wins the game") == 1


def _ids(message) -> list[str]:  # noqa: ANN001
    return [c.get("custom_id", "") for c in flat(raw_components(message))]


async def test_rematch_opens_a_lobby_with_the_same_players_and_settings(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, eve = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "eve"))
    simcord_env.bot.service.seed_source = random.Random(4)
    lobby = (
        await ann.slash(channel, "loveletter new", edition="hobbit", elves="german", timer=120)
    ).response
    await bob.click(lobby, label="Join")
    await ann.slash(channel, "loveletter addbot", level="novice")
    await ann.click(lobby, label="Start")
    old = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = MultiGame(simcord_env, channel, [ann, bob], random.Random(5), old.id)
    await play_to_end(g)
    table = next(m for m in channel.history() if m.id == old.table_message_id)
    res = await eve.click(table, label="Rematch")  # eve did not play
    assert res.ephemeral and "Only the players" in res.response.content
    res = await bob.click(table, label="Rematch")
    assert not res.ephemeral
    assert "Rematch of game" in res.response.content
    new = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert new.id != old.id and new.status == "lobby" and new.host_id == bob.id
    assert (new.variant, new.options, new.timer_seconds) == ("hobbit", {"elves": "german"}, 120)
    assert sorted((s.user_id, s.ai_level) for s in new.seats if s.user_id) == sorted(
        [(ann.id, None), (bob.id, None)]
    )
    assert [s.ai_level for s in new.seats if s.user_id is None] == ["novice"]
    assert new.table_message_id == res.response.id  # the lobby later commands edit
    res = await ann.click(table, label="Rematch")  # the channel has its new lobby already
    assert res.ephemeral
    await bob.click(_lobby(channel), label="Start")
    started = await simcord_env.bot.storage.get_game(new.id)
    assert started.status == "running"


def _lobby(channel):  # noqa: ANN001, ANN202
    return next(m for m in channel.history() if any(i.startswith("ll:lobby:") for i in _ids(m)))


async def test_help_lists_every_command(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    res = await ann.slash(channel, "loveletter help")
    assert res.ephemeral
    text = res.response.content
    for command in LOVELETTER.commands:
        assert f"`/loveletter {command.name}" in text
        assert command.description in text
    assert "My hand" in text and "Rules" in text
