"""The pause between rounds: the table shows the finished round with a "Next round" button, the
new round is not offered (no hand, no DMs, no timer) until a player presses it or
ROUND_PAUSE_SECONDS pass; clicks from non-players, stale and double clicks change nothing."""

from __future__ import annotations

import asyncio
import random

from simcord.actors import _component_click

from bot.games.loveletter.text.cards import label, tally
from tests.cogs.dms_and_ai_moves import MultiGame, dm_texts
from tests.cogs.driver import (
    Game,
    flat,
    footer_of,
    message_text,
    open_game,
    raw_components,
    text_of,
)

PAUSE = 15  # the default ROUND_PAUSE_SECONDS


def _buttons(message) -> list[str]:  # noqa: ANN001
    return [c.get("label", "") for c in flat(raw_components(message)) if c["type"] == 2]


def _description(g: Game) -> str:
    return text_of(g.table())


async def _to_break(g: Game) -> tuple[dict[int, int], str]:
    """Random moves until a round ends: each member's DM count before that move, and who made
    it."""
    for _ in range(200):
        counts = {m.id: len(dm_texts(m)) for m in g.members}
        actor = (await g.state()).actor
        await g.play_one_move()
        if g.in_break():
            return counts, actor
    raise AssertionError("no round ended")


def _new_dms(g: Game, counts: dict[int, int]) -> dict[int, list[str]]:
    return {m.id: dm_texts(m)[counts[m.id] :] for m in g.members}


def _assert_round_two_not_offered(g: Game, counts: dict[int, int]) -> None:
    for texts in _new_dms(g, counts).values():
        assert not any("Round 2 has started" in t or "It's your turn" in t for t in texts)
        assert not any("You were dealt" in t for t in texts)


async def _assert_round_two_offered(g: Game, counts: dict[int, int]) -> None:
    state = await g.state()
    desc = _description(g)
    assert f"Turn: <@{state.actor}>" in desc and "is over" not in desc
    assert _buttons(g.table()) == ["My hand", "Rules"]
    assert "round 2 ·" in footer_of(g.table())
    new = _new_dms(g, counts)
    for m in g.members:
        wanted = "It's your turn" if str(m.id) == state.actor else "Round 2 has started"
        assert sum(wanted in t for t in new[m.id]) == 1, (m.name, new[m.id])


async def test_next_round_click_starts_the_round_the_table_showed_the_result_of(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "pegasus", 3, seed=5)
    counts, ender = await _to_break(g)
    state = await g.state()  # the engine has dealt round 2 already; nobody is shown it yet
    result = state.history[-1]
    table = g.table()
    desc = _description(g)
    assert "**Round 1 is over** — won by" in desc
    assert "Round 2 starts <t:" in desc and "or press **Next round**" in desc
    assert "Turn:" not in desc and "<@" not in desc
    assert "\n• " in desc and "begins" not in desc  # the move that ended it, not round 2's log
    assert _buttons(table) == ["Next round", "Rules"]
    text = message_text(table)
    assert "Set-aside card: " + label("pegasus", result.set_aside) in text
    names = {str(m.id): m.name for m in g.members}
    for player, (card, value) in result.reveal.items():  # revealed hands, round-end values
        assert f"{names[player]}: {label('pegasus', card)} → {value}" in text
    for seat in state.players:  # the tallies, after this round's tokens
        assert f"{names[seat.id]} – {tally('pegasus', seat.tokens)}" in text
    (won,) = [line for line in desc.splitlines() if "Round 1 is over" in line]
    assert all(names[w] in won for w in result.winners)
    # The player who ended the round sees the result in their hand, with no card yet.
    ended_by = g.member(int(ender))
    reply = [m for m in g.channel.history(viewer=ended_by) if m.flags.ephemeral][-1]
    assert "Round 1 is over" in message_text(reply) and "Your hand:" not in message_text(reply)
    assert "Next round" in _buttons(reply)
    _assert_round_two_not_offered(g, counts)
    await simcord_env.advance_time(PAUSE - 5)  # a while later: still the result
    assert g.in_break()
    _assert_round_two_not_offered(g, counts)
    res = await g.next_round()
    assert res.response.id == table.id  # the clicked table itself became round 2's
    await _assert_round_two_offered(g, counts)
    assert g.leaks == []


async def test_the_pause_runs_out_and_the_round_starts_by_itself(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=8)
    counts, _ = await _to_break(g)
    await simcord_env.advance_time(PAUSE - 1)
    assert g.in_break()
    _assert_round_two_not_offered(g, counts)
    await simcord_env.advance_time(1)
    assert not g.in_break()
    await _assert_round_two_offered(g, counts)
    game = await simcord_env.bot.storage.get_game(g.game_id)  # the turn timer runs from now
    now = simcord_env.now().timestamp()
    assert game.turn_deadline is not None and 299 <= game.turn_deadline - now <= 301


async def test_playing_during_the_break_is_refused_and_changes_nothing(simcord_env) -> None:
    g = await open_game(simcord_env, "l5r", 2, seed=3)
    old_hands = {}
    for _ in range(200):
        state = await g.state()
        actor = g.member(int(state.actor))
        old_hands[actor.id] = (await actor.click(g.table(), label="My hand")).response
        await g.play_one_move()
        if g.in_break():
            break
    g.mark_seen()
    version = await g.version()
    state = await g.state()
    actor = g.member(int(state.actor))
    card = state.players[state.seat(state.actor)].hand[0]
    waiting = f"The next round starts in {PAUSE} s — or press **Next round**"
    res = await actor.slash(g.channel, "loveletter play", card=card)
    assert res.ephemeral and waiting in res.response.content
    other = next(m for m in g.members if m is not actor)
    res = await other.slash(g.channel, "loveletter play", card=card)
    assert res.ephemeral and waiting in res.response.content
    assert await actor.autocomplete(g.channel, "loveletter play", "card", "") == []
    res = await actor.slash(g.channel, "loveletter odds")
    assert res.ephemeral and waiting in res.response.content
    # "My hand" waits too: the result and the button, no card of a round not yet begun.
    res = await actor.slash(g.channel, "loveletter hand")
    assert res.ephemeral
    hand = message_text(res.response.message)
    assert "Round 1 is over" in hand and f"starts in {PAUSE} s" in hand
    assert "Your hand:" not in hand
    assert _buttons(res.response.message) == ["Next round"]
    # A play button from a hand of the finished round is out of date.
    owner_id, stale = next(iter(old_hands.items()))
    pick = next(c for c in flat(stale.components) if c["custom_id"].startswith("ll:pick"))
    res = await g.member(owner_id).click(stale, custom_id=pick["custom_id"])
    assert res.response.ephemeral and "out of date" in message_text(res.response.message)
    assert await g.version() == version
    assert len(await simcord_env.bot.storage.get_moves(g.game_id)) == version
    assert g.in_break()
    # Pressing Next round in the hand shows the new hand there, with play buttons if it's yours.
    hand = (await actor.slash(g.channel, "loveletter hand")).response
    res = await actor.click(hand, label="Next round")
    assert "Your hand:" in message_text(res.response.message)
    assert any(c["custom_id"].startswith("ll:pick") for c in flat(res.response.components))
    assert not g.in_break()


async def test_non_player_and_stale_next_round_clicks_are_harmless(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 3, seed=4)
    await _to_break(g)
    zed = g.channel.guild.add_member(simcord_env.create_user("zed"))
    res = await zed.click(g.table(), label="Next round")
    assert res.ephemeral and "not playing" in res.response.content
    assert g.in_break()
    ann, bob = g.members[:2]
    waiting = (await bob.slash(g.channel, "loveletter hand")).response  # has "Next round" too
    await ann.click(g.table(), label="Next round")
    assert not g.in_break()
    res = await bob.click(waiting, label="Next round")  # pressed late, from the old hand
    assert res.response.ephemeral
    text = message_text(res.response.message)
    assert "already started" in text and "Your hand:" in text  # ... and here is the new one
    assert not g.in_break()


async def test_two_simultaneous_next_round_clicks_start_the_round_once(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=6)
    counts, _ = await _to_break(g)
    table = g.table()
    ann, bob = g.members[:2]
    results = await asyncio.gather(
        _component_click(ann, table, label="Next round", custom_id=None),
        _component_click(bob, table, label="Next round", custom_id=None),
    )
    assert all(r.acknowledged for r in results)
    late = [r for r in results if r.ephemeral]
    assert len(late) == 1 and "already started" in late[0].response.content
    await _assert_round_two_offered(g, counts)  # each DM exactly once


async def test_a_break_survives_a_restart(simcord_env) -> None:
    clicked = await open_game(simcord_env, "hobbit", 2, seed=8)
    timed = await open_game(simcord_env, "l5r", 2, seed=9)
    counts = {id(g): (await _to_break(g))[0] for g in (clicked, timed)}
    await simcord_env.advance_time(5)
    await simcord_env.restart_bot()
    assert clicked.in_break() and timed.in_break()
    await clicked.next_round()  # the button on the old table message still works
    await _assert_round_two_offered(clicked, counts[id(clicked)])
    assert timed.in_break()
    await simcord_env.advance_time(PAUSE - 5)  # and the stored deadline still fires
    await _assert_round_two_offered(timed, counts[id(timed)])


async def test_a_pause_of_zero_goes_straight_to_the_next_round(simcord_env) -> None:
    simcord_env.bot.settings.round_pause_seconds = 0  # ROUND_PAUSE_SECONDS=0
    await simcord_env.restart_bot()
    g = await open_game(simcord_env, "hobbit", 2, seed=8)
    while (await g.state()).round_no == 1:
        await g.play_one_move()
        assert not g.in_break()
    assert "Turn: <@" in _description(g)
    assert "round 2 ·" in footer_of(g.table())
    assert g.leaks == []


async def test_an_ai_to_open_the_next_round_waits_for_the_break_too(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    lobby = (await ann.slash(channel, "loveletter new", edition="l5r")).response
    await ann.slash(channel, "loveletter addbot")
    await ann.slash(channel, "loveletter addbot")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    g = MultiGame(simcord_env, channel, [ann], random.Random(2), game.id)
    for _ in range(20):  # rounds, until one ends with an AI to open the next
        await _to_break(g)
        if (await g.state()).actor != str(ann.id):
            break
        await g.next_round()
    else:
        raise AssertionError("no round opened by an AI")
    version = await g.version()
    await simcord_env.advance_time(3)
    await simcord_env.restart_bot()  # (a restart must not schedule the AI either)
    await simcord_env.advance_time(PAUSE - 4)
    assert await g.version() == version and g.in_break()  # no AI move during the break
    await simcord_env.advance_time(1)
    assert await g.version() > version  # the pause ran out: the AI opened the round
    assert g.leaks == []


async def test_a_table_reposted_during_the_break_shows_nothing_of_the_next_round(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "pegasus", 2, seed=6)
    await _to_break(g)
    state = await g.state()
    assert state.round_no == 2 and state.face_up  # round 2 is dealt, with face-up cards
    ann = g.members[0]
    await ann.slash(g.channel, "loveletter table")
    text = message_text(g.table())
    assert "Next round" in str(raw_components(g.table()))
    assert "Round 1" in text
    assert "Round 2** begins" not in text and "Face up" not in text
