"""Bad input gets an ephemeral answer and changes nothing."""

from __future__ import annotations

from tests.cogs.driver import flat, message_text, open_game


async def _actor_and_other(g):  # noqa: ANN001, ANN202
    state = await g.state()
    actor = g.member(int(state.actor))
    other = next(m for m in g.members if m.id != actor.id)
    return actor, other


async def test_command_in_a_channel_without_a_game(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("quiet")
    ann = guild.add_member(simcord_env.create_user("ann"))
    for command in ("loveletter hand", "loveletter join", "loveletter start", "loveletter table"):
        res = await ann.slash(channel, command)
        assert res.ephemeral
        assert "no Love Letter game in this channel" in res.response.content


async def test_second_new_in_a_channel_is_refused(simcord_env) -> None:
    g = await open_game(simcord_env, "l5r", 2, seed=1)
    version = await g.version()
    res = await g.members[1].slash(g.channel, "loveletter new", edition="hobbit")
    assert res.ephemeral and "already has a Love Letter game" in res.response.content
    assert await g.version() == version
    game = await simcord_env.bot.storage.get_game_in_channel(g.channel.id)
    assert game.id == g.game_id and game.variant == "l5r"


async def test_games_in_two_channels_are_independent(simcord_env) -> None:
    first = await open_game(simcord_env, "hobbit", 2, seed=1)
    second = await open_game(simcord_env, "pegasus", 3, seed=2)
    assert first.game_id != second.game_id
    await second.play_one_move()
    assert await first.version() == 0 and await second.version() == 1


async def test_out_of_turn_and_non_player_clicks_change_nothing(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 2, seed=3)
    actor, other = await _actor_and_other(g)
    hand = (await actor.click(g.table(), label="My hand")).response
    pick = next(c for c in flat(hand.components) if c["custom_id"].startswith("ll:pick"))
    # The other player opens their own hand: no play buttons, it is not their turn.
    theirs = (await other.click(g.table(), label="My hand")).response
    assert not [c for c in flat(theirs.components) if c["custom_id"].startswith("ll:pick")]
    # Out of turn via the keyboard path.
    state = await g.state()
    card = state.players[state.seat(str(other.id))].hand[0]
    res = await other.slash(g.channel, "loveletter play", card=card)
    assert res.ephemeral and "turn" in res.response.content
    # A spectator (not seated) asks for a hand.
    guild_member = g.channel.guild.add_member(simcord_env.create_user("zed"))
    res = await guild_member.click(g.table(), label="My hand")
    assert res.ephemeral and "not playing" in res.response.content
    assert await g.version() == 0
    assert pick  # the actor's own controls were offered


async def test_illegal_play_by_command_is_explained(simcord_env) -> None:
    g = await open_game(simcord_env, "l5r", 2, seed=4)
    actor, other = await _actor_and_other(g)
    state = await g.state()
    hand = state.players[state.seat(str(actor.id))].hand
    missing = next(c for c in ("princess", "sensei", "manipulator", "guard") if c not in hand)
    res = await actor.slash(g.channel, "loveletter play", card=missing)
    assert res.ephemeral
    assert res.response.content and "Sorry" not in res.response.content
    assert await g.version() == 0


async def test_stale_view_answers_with_the_current_hand(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=5)
    state = await g.state()
    first = g.member(int(state.actor))
    old_hand = (await first.click(g.table(), label="My hand")).response
    old_buttons = [c for c in flat(old_hand.components) if c["custom_id"].startswith("ll:pick")]
    await g.play_one_move()  # the same player makes their move through a fresh view
    version = await g.version()
    res = await first.click(old_hand, custom_id=old_buttons[0]["custom_id"])
    assert res.response.ephemeral
    text = message_text(res.response.message)
    assert "That view is out of date" in text and "Your hand" in text
    assert await g.version() == version


async def test_autocomplete_offers_only_legal_values(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 3, seed=6)
    actor, other = await _actor_and_other(g)
    state = await g.state()
    import engine.loveletter as engine

    legal = engine.legal_moves(state)
    cards = await actor.autocomplete(g.channel, "loveletter play", "card", "")
    assert {c["value"] for c in cards} == {m.card for m in legal}
    assert await other.autocomplete(g.channel, "loveletter play", "card", "") == []
    card = cards[0]["value"]
    targets = await actor.autocomplete(g.channel, "loveletter play", "target", "", card=card)
    expected = {
        t for m in legal if m.card == card for t in ((m.target,) if m.target else m.targets)
    }
    assert {c["value"] for c in targets} == expected
