"""Direct messages: round start, your turn (buttons that work from the DM), private news,
`/loveletter settings dm`, and a player whose DMs are closed (Discord error 50007)."""

from __future__ import annotations

import random

import engine.loveletter as engine
from bot.games.loveletter.presenter import CLOSED_DMS as HINT
from bot.games.loveletter.text.cards import label
from bot.games.loveletter.text.events import render_event
from engine.loveletter.events import RoundStarted
from tests.cogs.dms_and_ai_moves import close_dms, dm_posts, dm_texts, dms, play_from
from tests.cogs.driver import Game, find_events, message_text, open_game, play_to_end


def _card_labels(edition: str, cards: list[str]) -> list[str]:
    return [label(edition, c) for c in cards]


async def test_round_start_and_turn_dms_with_play_buttons_that_work_in_the_dm(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "hobbit", 3, seed=11)
    state = await g.state()
    actor = g.member(int(state.actor))
    others = [m for m in g.members if m is not actor]
    turn = [m for m in dms(actor) if "It's your turn" in (m.content or "")]
    assert len(turn) == 1
    hand = state.players[state.seat(str(actor.id))].hand
    assert all(text in message_text(turn[0]) for text in _card_labels("hobbit", hand))
    for m in others:
        (text,) = dm_texts(m)  # only the round start, not a turn
        own = state.players[state.seat(str(m.id))].hand
        assert "Round 1 has started" in text and "Your card" in text
        assert _card_labels("hobbit", own)[0] in text
    # The DM's buttons carry the game id and version: playing from the DM moves the game.
    await play_from(g, actor.user, turn[0])
    assert await g.version() >= 1
    new_state = await g.state()
    nxt = g.member(int(new_state.actor))
    assert "It's your turn" in (dms(nxt)[-1].content or "")
    # The DM itself now shows the hand after the move, without play buttons.
    edited = next(m for m in dms(actor) if m.id == turn[0].id)
    assert not any(
        c.custom_id.startswith("ll:pick") for row in edited.components for c in row.children
    )


async def test_settings_dm_off_means_no_dms_and_is_remembered(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    res = await ann.slash(channel, "loveletter settings", dm="off")
    assert res.ephemeral and "off" in res.response.content
    res = await ann.slash(channel, "loveletter settings")
    assert res.ephemeral and "Turn DMs are **off**" in res.response.content
    bob = guild.add_member(simcord_env.create_user("bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="l5r")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    assert dms(ann) == []
    assert dms(bob)  # bob keeps the default: on
    res = await ann.slash(channel, "loveletter settings", dm="on")
    assert "Turn DMs are **on**" in res.response.content


async def test_private_news_reaches_the_player_by_dm(simcord_env) -> None:
    """Whenever another player's card shows or gives a player something, they get it by DM."""
    g = await open_game(simcord_env, "pegasus", 4, seed=7)
    delivered = 0
    for _ in range(300):
        game = await simcord_env.bot.storage.get_game(g.game_id)
        if game.status != "running" or delivered >= 3:
            break
        before = await g.state()
        counts = {m.id: len(dms(m)) for m in g.members}
        await g.play_one_move()
        game = await simcord_env.bot.storage.get_game(g.game_id)
        after = engine.from_json(game.state) if game.state else (await g.state())
        names = {s.player_id: s.display_name for s in game.seats}
        events = find_events(before, after)
        if g.in_break():  # the new round's deal is told when it starts (the round-start DM)
            starts = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)]
            events = events[: starts[0]] if starts else events
        for m in g.members:
            pid = str(m.id)
            if pid == before.actor:
                continue
            lines = [
                render_event(e.to_dict(), "pegasus", names, pid)
                for e in events
                if e.audience and pid in e.audience
            ]
            lines = [line for line in lines if line]
            if not lines:
                continue
            new = dm_texts(m)[counts[m.id] :]
            assert any(all(line in text for line in lines) for text in new), (lines, new)
            delivered += 1
    assert delivered >= 1
    assert g.leaks == []


async def test_closed_dms_mark_the_seat_mention_in_channel_and_hint_once(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    bob_dm = close_dms(simcord_env, bob)
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert game.seat_of(str(bob.id)).dm_status == "refused"
    assert game.seat_of(str(ann.id)).dm_status == "ok"
    assert dm_posts(simcord_env, bob_dm) == 1  # tried once, never again
    g = Game(simcord_env, channel, [ann, bob], random.Random(3), game.id)
    await play_to_end(g)
    final = await simcord_env.bot.storage.get_game(g.game_id)
    assert final.status == "finished"
    assert dm_posts(simcord_env, bob_dm) == 1
    assert dms(ann)  # ann's DMs still work
    mentions = [m for m in channel.history() if (m.content or "").startswith(bob.mention)]
    assert mentions and all("My hand" in m.content for m in mentions)
    assert not any((m.content or "").startswith(ann.mention) for m in channel.history())
    hints = [m for m in channel.history(viewer=bob) if HINT in (m.content or "")]
    assert len(hints) == 1 and hints[0].flags.ephemeral
    assert not any(HINT in (m.content or "") for m in channel.history())  # never public
    assert not any(HINT in (m.content or "") for m in channel.history(viewer=ann))
    assert g.leaks == []


async def test_the_closed_dm_hint_is_given_once_per_game_across_restarts(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    close_dms(simcord_env, bob)
    lobby = (await ann.slash(channel, "loveletter new", edition="l5r")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")  # the round-start DM to bob is refused (50007)
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)

    def hints() -> list:
        return [m for m in channel.history(viewer=bob) if HINT in (m.content or "")]

    await simcord_env.restart_bot()  # before bob did anything: the hint is still owed
    await bob.slash(channel, "loveletter table")
    assert len(hints()) == 1 and hints()[0].flags.ephemeral
    stored = await simcord_env.bot.storage.get_game(game.id)
    assert stored.seat_of(str(bob.id)).dm_hint_shown is True
    assert stored.seat_of(str(ann.id)).dm_hint_shown is False
    await bob.slash(channel, "loveletter table")
    await simcord_env.restart_bot()
    await bob.slash(channel, "loveletter table")
    await ann.slash(channel, "loveletter table")
    assert len(hints()) == 1  # once per game, also across restarts
    assert not any(HINT in (m.content or "") for m in channel.history(viewer=ann))
