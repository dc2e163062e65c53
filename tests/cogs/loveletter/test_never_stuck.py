"""A Love Letter game never gets stuck: what follows a committed move (the table edit, the AI's
turn, DMs) happens even when the answer to the click fails, and a hand opened long ago (its
interaction expired after 15 minutes) never stands in the way."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ui.delivery import APOLOGY
from tests.cogs.dms_and_ai_moves import MultiGame, dm_texts
from tests.cogs.driver import flat, footer_of, message_text, raw_components
from tests.cogs.faults import SERVER_ERROR, UNKNOWN_INTERACTION, answers_fail

SEED = 0  # ann moves first and must play Bilbo Baggins: one click makes her move
ENDS_ROUND = 1  # ann moves first holding the Arkenstone: playing it ends round 1


async def lobby_with_an_ai(env: Any, seed: int) -> tuple[Any, Any, Any]:
    """ann's lobby with a standard AI, no turn timer: nothing but the AI's own turn moves the
    game. Its channel, ann, and the lobby message."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    env.bot.service.seed_source = random.Random(seed)
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", timer=0)).response
    await ann.slash(channel, "loveletter addbot")
    return channel, ann, lobby


async def game_of(env: Any, channel: Any, members: list[Any], seed: int) -> MultiGame:
    game = await env.bot.storage.get_game_in_channel(channel.id)
    return MultiGame(env, channel, members, random.Random(seed), game.id)


async def ann_against_an_ai(env: Any, seed: int = SEED) -> tuple[MultiGame, Any]:
    """The game of `lobby_with_an_ai`, started; ann moves first."""
    channel, ann, lobby = await lobby_with_an_ai(env, seed)
    await ann.click(lobby, label="Start")
    g = await game_of(env, channel, [ann], seed)
    assert (await g.state()).actor == str(ann.id)
    return g, ann


def play_buttons(message: Any) -> list[dict[str, Any]]:
    rows = raw_components(message)
    return [c for c in flat(rows) if c.get("custom_id", "").startswith(("ll:pick", "ll:dec"))]


@pytest.mark.parametrize("fault", [UNKNOWN_INTERACTION, SERVER_ERROR], ids=["10062", "500"])
async def test_the_ai_moves_after_a_click_whose_answer_failed(simcord_env, fault, caplog) -> None:
    g, ann = await ann_against_an_ai(simcord_env)
    hand = (await ann.click(g.table(), label="My hand")).response
    (only,) = play_buttons(hand)  # the forced Bilbo Baggins
    before = await g.version()
    with answers_fail(simcord_env, fault):
        await ann.click(hand, custom_id=only["custom_id"])
    await simcord_env.advance_time(300)
    moves = await simcord_env.bot.storage.get_moves(g.game_id, after_seq=before)
    assert [m.player for m in moves[:2]] == [str(ann.id), "ai1"]  # hers, then the AI's
    now = await g.version()
    assert f"move {now}" in footer_of(g.table())  # the table shows the AI's move
    assert any(text.startswith("It's your turn") for text in dm_texts(ann))
    fresh = (await ann.click(g.table(), label="My hand")).response
    assert play_buttons(fresh)  # her turn again, with working buttons
    assert APOLOGY not in message_text(fresh.message)
    said = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    answer = f"the answer to a click in game {g.game_id} failed ({fault['status']}"
    assert any(line.startswith(answer) and line.endswith("it stands") for line in said), said


async def test_a_hand_from_twenty_minutes_ago_still_plays(simcord_env) -> None:
    """Interaction tokens last 15 minutes: My hand answers with a new message, and a button
    in the old hand is its own (new) interaction, which may edit that hand."""
    g, ann = await ann_against_an_ai(simcord_env)
    old = (await ann.click(g.table(), label="My hand")).response
    await simcord_env.advance_time(20 * 60)  # no timer: the game waited for her
    fresh = (await ann.click(g.table(), label="My hand")).response
    assert fresh.id != old.id and fresh.ephemeral
    assert play_buttons(fresh) and APOLOGY not in message_text(fresh.message)
    before = await g.version()
    (only,) = play_buttons(old)
    res = await ann.click(old, custom_id=only["custom_id"])
    assert res.acknowledged and "You played" in message_text(res.response.message)
    moves = await simcord_env.bot.storage.get_moves(g.game_id, after_seq=before)
    assert [m.player for m in moves[:2]] == [str(ann.id), "ai1"]


@pytest.mark.parametrize("where", ["table", "hand"])
async def test_the_next_round_starts_after_a_next_round_click_whose_answer_failed(
    simcord_env, where
) -> None:
    g, ann = await ann_against_an_ai(simcord_env, ENDS_ROUND)
    hand = (await ann.click(g.table(), label="My hand")).response
    arkenstone = next(b for b in play_buttons(hand) if "Arkenstone" in b.get("label", ""))
    after = (await ann.click(hand, custom_id=arkenstone["custom_id"])).response
    assert g.in_break()
    clicked = g.table() if where == "table" else after
    with answers_fail(simcord_env, UNKNOWN_INTERACTION):
        await ann.click(clicked, label="Next round")
    assert "round 2 ·" in footer_of(g.table()) and not g.in_break()
    moves = await simcord_env.bot.storage.get_moves(g.game_id)
    assert moves[-1].player == "ai1"  # round 2's first turn was the winner's: the AI played it
    assert f"move {await g.version()}" in footer_of(g.table())


AI_FIRST = 3  # the AI moves first in round 1


def buttons(g: MultiGame, message_id: int) -> list[str]:
    """The button labels of a channel message as it is now."""
    message = next(m for m in g.channel.history() if m.id == message_id)
    return [c.get("label", "") for c in flat(raw_components(message)) if c["type"] == 2]


@pytest.mark.parametrize("how", ["button", "command"])
async def test_a_start_whose_answer_failed_still_posts_the_table_and_plays_on(
    simcord_env, how
) -> None:
    channel, ann, lobby = await lobby_with_an_ai(simcord_env, AI_FIRST)
    with answers_fail(simcord_env, UNKNOWN_INTERACTION):
        if how == "button":
            await ann.click(lobby, label="Start")
        else:
            await ann.slash(channel, "loveletter start")
    g = await game_of(simcord_env, channel, [ann], AI_FIRST)
    assert "Start" not in buttons(g, lobby.id)  # the lobby shows the game has started
    moves = await simcord_env.bot.storage.get_moves(g.game_id)
    assert moves[0].player == "ai1"  # the AI's first turn was played
    assert f"move {await g.version()}" in footer_of(g.table())  # on a table in the channel


async def test_a_kick_whose_answer_failed_still_hands_the_turn_to_an_ai(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", timer=0)).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    g = await game_of(simcord_env, channel, [ann, bob], SEED)
    while (await g.state()).actor != str(bob.id):
        await g.play_one_move()
    before = await g.version()
    with answers_fail(simcord_env, UNKNOWN_INTERACTION):
        await ann.slash(channel, "loveletter kick", user=bob.user)
    moves = await simcord_env.bot.storage.get_moves(g.game_id, after_seq=before)
    assert moves and moves[0].player == str(bob.id)  # bob's seat, played by the AI
    assert f"move {await g.version()}" in footer_of(g.table())
