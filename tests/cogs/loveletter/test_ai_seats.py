"""AI seats: `/loveletter addbot` and `kick` (host only), AI turns played by the service and shown
on the table like any move, and a kicked player's seat handed to an AI mid-game."""

from __future__ import annotations

import random

from tests.cogs.dms_and_ai_moves import MultiGame
from tests.cogs.driver import message_text, play_to_end, text_of


async def _lobby(env, edition: str, *names: str):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in names]
    lobby = (await members[0].slash(channel, "loveletter new", edition=edition)).response
    return channel, members, lobby


async def test_addbot_is_for_the_host_in_the_lobby(simcord_env) -> None:
    channel, (ann, bob), lobby = await _lobby(simcord_env, "hobbit", "ann", "bob")
    res = await bob.slash(channel, "loveletter addbot")
    assert res.ephemeral and "Only the host" in res.response.content
    res = await ann.slash(channel, "loveletter addbot", level="expert")
    assert res.ephemeral and res.response.content == "Expert bot 1 took a seat."
    assert "Expert bot 1" in message_text(lobby.message)  # the one lobby message shows it
    await ann.slash(channel, "loveletter addbot")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert [(s.display_name, s.ai_level) for s in game.seats[1:]] == [
        ("Expert bot 1", "expert"),
        ("Standard bot 2", "standard"),
    ]
    await ann.slash(channel, "loveletter addbot")  # 4th seat: the Hobbit's maximum
    res = await ann.slash(channel, "loveletter addbot")
    assert res.ephemeral and "full" in res.response.content
    # The host removes a bot again; the autocomplete offers the lobby's bots only.
    choices = await ann.autocomplete(channel, "loveletter kick", "bot", "expert")
    assert choices == [{"name": "Expert bot 1", "value": "ai1"}]
    res = await bob.slash(channel, "loveletter kick", bot="ai1")
    assert res.ephemeral and "Only the host" in res.response.content
    res = await ann.slash(channel, "loveletter kick", bot="ai1")
    assert res.ephemeral and res.response.content == "The AI left the lobby."
    assert "Expert bot 1" not in message_text(lobby.message)
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert "ai1" not in {s.player_id for s in game.seats}
    res = await ann.slash(channel, "loveletter kick")
    assert res.ephemeral and "either a user or a bot" in res.response.content


async def test_a_human_and_two_ais_play_a_whole_game(simcord_env) -> None:
    channel, (ann,), lobby = await _lobby(simcord_env, "l5r", "ann")
    await ann.slash(channel, "loveletter addbot")
    await ann.slash(channel, "loveletter addbot", level="novice")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = MultiGame(simcord_env, channel, [ann], random.Random(5), game.id)
    # Whoever starts, the AIs have moved by now: the table waits for ann.
    assert f"<@{ann.id}>" in text_of(g.table())
    await play_to_end(g)
    final = await simcord_env.bot.storage.get_game(g.game_id)
    assert final.status == "finished"
    moves = await simcord_env.bot.storage.get_moves(g.game_id)
    assert {m.player for m in moves} >= {"ai1", "ai2"}
    assert g.leaks == []
    # The AIs' moves are on the public table like anyone's (named, not mentioned).
    texts = [message_text(m) for m in channel.history()]
    assert any("Standard bot 1" in t for t in texts)
    assert not any("<@ai" in t for t in texts)


async def test_kick_removes_from_the_lobby_and_hands_a_running_seat_to_an_ai(simcord_env) -> None:
    channel, (ann, bob, cid), lobby = await _lobby(simcord_env, "pegasus", "ann", "bob", "cid")
    await bob.click(lobby, label="Join")
    await cid.click(lobby, label="Join")
    res = await bob.slash(channel, "loveletter kick", user=cid.user)
    assert res.ephemeral and "Only the host" in res.response.content
    res = await ann.slash(channel, "loveletter kick", user=cid.user)
    assert not res.ephemeral and "removed from the lobby" in res.response.content
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert [s.player_id for s in game.seats] == [str(ann.id), str(bob.id)]
    await cid.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = MultiGame(simcord_env, channel, [ann, bob, cid], random.Random(8), game.id)
    while (await g.state()).actor != str(cid.id):
        await g.play_one_move()
    version = await g.version()
    res = await ann.slash(channel, "loveletter kick", user=cid.user)
    assert "an AI plays their seat" in res.response.content
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.seat_of(str(cid.id)).ai_level == "standard"
    assert game.seat_of(str(cid.id)).user_id == cid.id  # tallies still go to cid
    assert game.version > version  # it was cid's turn: the AI has played it
    state = await g.state() if game.status == "running" else None
    assert state is None or state.actor != str(cid.id)
    res = await ann.slash(channel, "loveletter kick", user=cid.user)
    assert res.ephemeral and "already" in res.response.content


async def test_rules_card_autocomplete_offers_the_tables_edition(simcord_env) -> None:
    """The same suggestion helper as kick's: cards of the lobby's edition by label, none
    in a channel without a game."""
    channel, (ann,), _ = await _lobby(simcord_env, "l5r", "ann")
    choices = await ann.autocomplete(channel, "loveletter rules", "card", "guard")
    assert choices == [{"name": "Seppun Tasuke, Guard (1)", "value": "guard"}]
    elsewhere = channel.guild.create_text_channel("empty")
    assert await ann.autocomplete(elsewhere, "loveletter rules", "card", "guard") == []
