"""One live message per thing (issue 14): one lobby message that every lobby command edits,
turn DMs that lose their buttons once the turn is gone, and a double click that leaves the
first click's result readable."""

from __future__ import annotations

import asyncio
import random

import pytest
from simcord.actors import _component_click, _component_select

from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import Game, flat, message_text, open_game, raw_components

LOBBY = "ll:lobby:"
PLAY = ("ll:pick:", "ll:sel:", "ll:dec:")


def _ids(message) -> list[str]:  # noqa: ANN001
    return [c.get("custom_id", "") for c in flat(raw_components(message))]


def _live_lobbies(channel) -> list:  # noqa: ANN001
    """Public messages that still offer Join/Leave/Start."""
    return [m for m in channel.history() if any(i.startswith(LOBBY) for i in _ids(m))]


@pytest.mark.parametrize("start", ["button", "command"])
async def test_lobby_commands_edit_the_one_lobby_message(simcord_env, start: str) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob, cid = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob", "cid"))
    lobby = (await ann.slash(channel, "loveletter new", edition="pegasus")).response
    answers = [
        await bob.slash(channel, "loveletter join"),
        await ann.slash(channel, "loveletter addbot", level="novice"),
        await cid.slash(channel, "loveletter join"),
        await bob.slash(channel, "loveletter leave"),
    ]
    assert all(res.ephemeral for res in answers)
    assert answers[0].response.content == "You took seat 2 in the lobby."
    assert answers[3].response.content == "You left the lobby."
    (live,) = _live_lobbies(channel)  # the /new message, nothing posted besides
    assert live.id == lobby.id
    text = message_text(live)
    assert "Novice bot 1" in text and "cid" in text and "bob" not in text
    assert "Players (3/8)" in text
    if start == "button":
        await ann.click(lobby, label="Start")
    else:
        res = await ann.slash(channel, "loveletter start")
        assert not res.ephemeral  # the table, for everybody
    assert _live_lobbies(channel) == []
    assert "The game has started" in message_text(lobby.message)
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert game.status == "running" and game.table_message_id != lobby.id


async def test_a_lost_lobby_message_is_posted_anew(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit")).response
    path = f"/channels/{channel.id}/messages/{lobby.id}"
    simcord_env.inject_error("PATCH", path, status=404, code=10008, message="Unknown Message")
    res = await bob.slash(channel, "loveletter join")
    assert not res.ephemeral  # the lobby again, with bob in it and live buttons
    assert "bob" in message_text(res.response.message)
    await ann.click(res.response, label="Start")
    assert all(not any(i.startswith(LOBBY) for i in _ids(m)) for m in channel.history()[1:])


def _live_turn_dms(g: Game) -> dict[int, list]:
    return {
        m.id: [d for d in dms(m) if any(i.startswith(PLAY) for i in _ids(d))] for m in g.members
    }


async def test_turn_dms_lose_their_buttons_once_the_turn_is_played(simcord_env) -> None:
    """Played from "My hand" (the driver's way): only the current turn's DM stays live."""
    g = await open_game(simcord_env, "pegasus", 3, seed=21)
    checked = 0
    for _ in range(25):
        game = await simcord_env.bot.storage.get_game(g.game_id)
        if game.status != "running":
            break
        await g.play_one_move()
        game = await simcord_env.bot.storage.get_game(g.game_id)
        live = _live_turn_dms(g)
        if game.status != "running":
            assert all(not v for v in live.values())
            break
        state = await g.state()
        for member in g.members:
            mine = live[member.id]
            if state.actor == str(member.id) and not g.in_break():
                assert len(mine) <= 1
                assert all(f"move {game.version}" in message_text(d) for d in mine)
            else:
                assert mine == [], f"{member.name} keeps an old turn DM"
            checked += 1
    assert checked > 20
    over = [d for m in g.members for d in dms(m) if (d.content or "").startswith("That turn is")]
    assert over and all(not d.embeds for d in over)


async def test_a_timed_out_turn_dm_loses_its_buttons(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", timer=60)).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    actor_id = await _actor(simcord_env, game.id)
    actor = next(m for m in (ann, bob) if str(m.id) == actor_id)
    (turn,) = [d for d in dms(actor) if any(i.startswith(PLAY) for i in _ids(d))]
    await simcord_env.advance_time(61)
    assert (await simcord_env.bot.storage.get_game(game.id)).version >= 1
    after = next(d for d in dms(actor) if d.id == turn.id)
    assert not any(i.startswith(PLAY) for i in _ids(after))
    assert (after.content or "").startswith("That turn is over")


async def _actor(env, game_id: int) -> str:  # noqa: ANN001
    return str((await env.bot.service.running(game_id))[1].actor)


async def test_a_double_click_keeps_the_first_result_readable(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 3, seed=12)
    g.rng = random.Random(3)
    state = await g.state()
    actor = g.member(int(state.actor))
    hand = (await actor.click(g.table(), label="My hand")).response
    before = await g.version()
    results = []
    while await g.version() == before:
        comps = flat(hand.components)
        selects = [c for c in comps if c["type"] == 3]
        if selects:
            sel = selects[0]
            values = [o["value"] for o in sel["options"]][:1]
            both = [
                _component_select(actor, hand, values, custom_id=sel["custom_id"]) for _ in "12"
            ]
        else:
            button = next(c for c in comps if c["custom_id"].startswith("ll:pick"))
            both = [
                _component_click(actor, hand, label=None, custom_id=button["custom_id"])
                for _ in "12"
            ]
        results = await asyncio.gather(*both)
        assert all(r.acknowledged for r in results)
    assert await g.version() == before + 1  # one move, never two
    shown = [m for m in g.channel.history(viewer=actor) if m.id == hand.id][0]
    text = message_text(shown)
    assert "You played" in text  # the move's result, still on the clicked hand
    assert "out of date" not in text
    stale = [r.response for r in results if r.response.id != hand.id]
    assert stale and "That view is out of date" in message_text(stale[0].message)
    assert stale[0].ephemeral
