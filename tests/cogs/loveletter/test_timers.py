"""Turn timers: the stored deadline is checked by one background task on SimCord's virtual
clock. A timeout plays the turn (standard AI) and says so; two in a row hand the seat to an
AI; deadlines survive a restart; a game where every human times out is finished by AIs."""

from __future__ import annotations

import random

from tests.cogs.driver import Game, footer_of, message_text, text_of

TIMEOUT = "time ran out"


async def _game(env, edition: str, timer: int, *names: str):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(n)) for n in names]
    lobby = (
        await members[0].slash(channel, "loveletter new", edition=edition, timer=timer)
    ).response
    for m in members[1:]:
        await m.click(lobby, label="Join")
    await members[0].click(lobby, label="Start")
    game = await env.bot.storage.get_game_in_channel(channel.id)
    return channel, members, game


def _notices(channel) -> list[str]:
    return [m.content for m in channel.history() if TIMEOUT in (m.content or "")]


async def test_a_timeout_plays_the_turn_and_the_table_says_so(simcord_env) -> None:
    channel, members, game = await _game(simcord_env, "hobbit", 60, "ann", "bob")
    storage = simcord_env.bot.storage
    state = await simcord_env.bot.service.running(game.id)
    actor = state[1].actor
    assert game.turn_deadline is not None
    await simcord_env.advance_time(59)
    assert (await storage.get_game(game.id)).version == 0
    await simcord_env.advance_time(2)
    after = await storage.get_game(game.id)
    assert after.version == 1
    assert after.seat_of(actor).timeouts_in_a_row == 1
    assert after.seat_of(actor).ai_level is None
    (notice,) = _notices(channel)
    assert after.seat_of(actor).display_name in notice and "the AI played" in notice
    moves = await storage.get_moves(game.id)
    assert moves[0].player == actor
    # The table message was edited to the new state.
    table = next(m for m in channel.history() if m.id == after.table_message_id)
    assert "move 1" in footer_of(table)
    assert TIMEOUT in text_of(table)
    # A move of their own resets the count: only timeouts *in a row* hand a seat over.
    g = Game(simcord_env, channel, members, random.Random(2), game.id)
    while (await g.state()).actor != actor:
        await g.play_one_move()
    await g.play_one_move()
    current = await storage.get_game(game.id)
    assert current.seat_of(actor).timeouts_in_a_row == 0
    assert current.turn_deadline is not None


async def test_no_timer_means_nothing_happens(simcord_env) -> None:
    channel, members, game = await _game(simcord_env, "l5r", 0, "ann", "bob")
    assert game.turn_deadline is None
    lobby = next(m for m in channel.history() if "lobby" in message_text(m))
    assert "Turn timer: none" in message_text(lobby)
    await simcord_env.advance_time(3600)
    assert (await simcord_env.bot.storage.get_game(game.id)).version == 0


async def test_two_timeouts_in_a_row_hand_the_seat_to_an_ai(simcord_env) -> None:
    channel, members, game = await _game(simcord_env, "hobbit", 60, "ann", "bob")
    storage = simcord_env.bot.storage
    taken: list[str] = []
    for _ in range(6):
        await simcord_env.advance_time(61)
        current = await storage.get_game(game.id)
        taken = [s.player_id for s in current.seats if s.ai_level == "standard"]
        if taken:
            break
    assert taken, "nobody's seat was taken over"
    seat = current.seat_of(taken[0])
    assert seat.timeouts_in_a_row == 2 and seat.user_id is not None
    assert any("twice in a row" in n and seat.display_name in n for n in _notices(channel))


async def test_a_deadline_pending_at_a_restart_still_fires(simcord_env) -> None:
    channel, members, game = await _game(simcord_env, "pegasus", 60, "ann", "bob", "cid")
    await simcord_env.advance_time(30)
    await simcord_env.restart_bot()
    storage = simcord_env.bot.storage
    assert (await storage.get_game(game.id)).version == 0
    await simcord_env.advance_time(31)
    assert (await storage.get_game(game.id)).version == 1
    assert len(_notices(channel)) == 1


async def test_every_human_times_out_and_the_ais_finish_the_game(simcord_env) -> None:
    channel, members, game = await _game(simcord_env, "pegasus", 30, "ann", "bob", "cid")
    storage = simcord_env.bot.storage
    for _ in range(10):
        current = await storage.get_game(game.id)
        if current.status != "running":
            break
        await simcord_env.advance_time(31)
    final = await storage.get_game(game.id)
    assert final.status == "finished"
    assert all(s.ai_level == "standard" for s in final.seats)
    result = await storage.get_result(game.id)
    assert result is not None and result.winners[0] in {str(m.id) for m in members}
    # The tallies still belong to the humans.
    for m in members:
        stats = await storage.stats(channel.guild.id, m.id, "loveletter")
        assert sum(v["games_played"] for v in stats.per_variant.values()) == 1
    table = next(m for m in channel.history() if m.id == final.table_message_id)
    assert "wins the game" in text_of(table)
