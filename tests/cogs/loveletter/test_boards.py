"""`/loveletter leaderboard`, `stats` and `odds`: per server, paginated past 10 rows with
buttons that survive a restart; odds are ephemeral and counted from the player's own view."""

from __future__ import annotations

import random

import engine.loveletter as engine
from bot.games.loveletter.text.odds import render_odds
from engine.loveletter.game import TALLY_METRIC
from engine.loveletter.odds import odds
from storage import GameEnd
from tests.cogs.driver import message_text, open_game


async def finish(storage, guild_id: int, channel_id: int, edition: str, winner, loser, tally: int):
    """A finished game in storage: `winner` reached `tally`, `loser` got 1."""
    game = await storage.create_lobby(guild_id, channel_id, "loveletter", edition, winner.id)
    for m in (winner, loser):
        await storage.join(game.id, str(m.id), m.name, user_id=m.id)
    state = engine.new_game(edition, [str(winner.id), str(loser.id)], random.Random(1))
    await storage.start(game.id, engine.to_json(state))
    await storage.save_move(
        game.id,
        0,
        engine.to_json(state),
        {"player": str(winner.id), "card": "x"},
        str(winner.id),
        game_end=GameEnd(
            winners=(str(winner.id),),
            gains={
                str(winner.id): {TALLY_METRIC[edition]: tally, "rounds_won": 1},
                str(loser.id): {TALLY_METRIC[edition]: 1, "rounds_won": 0},
            },
            summary={"rounds": tally + 1},
        ),
    )


def rows(message) -> list[str]:
    return [line for line in (message.embeds[0].description or "").splitlines() if line]


async def test_leaderboard_pages_with_buttons_that_survive_a_restart(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    users = [guild.add_member(simcord_env.create_user(f"u{i:02}")) for i in range(12)]
    storage = simcord_env.bot.storage
    for i, u in enumerate(users):
        await finish(storage, guild.id, channel.id, "hobbit", u, users[(i + 1) % 12], 20 + i)
    other = simcord_env.create_guild()  # another server's tallies never show here
    stranger = other.add_member(simcord_env.create_user("stranger"))
    await finish(storage, other.id, 999, "hobbit", stranger, other.add_member(users[0].user), 99)

    res = await users[0].slash(channel, "loveletter leaderboard")
    page = res.response.message
    lines = rows(page)
    assert len(lines) == 10
    assert lines[0].startswith("**1.**") and users[11].mention in lines[0]
    assert "crowns" in lines[0]
    assert "page 1/2 · 12 players" in page.embeds[0].footer.text
    assert stranger.mention not in message_text(page)
    res = await users[3].click(page, label="Next ▶")
    lines = rows(res.response.message)
    assert [line.split()[0] for line in lines] == ["**11.**", "**12.**"]
    assert users[0].mention in lines[1] or users[1].mention in lines[1]
    await simcord_env.restart_bot()
    res = await users[5].click(res.response.message, label="◀ Previous")
    assert res.acknowledged
    assert len(rows(res.response.message)) == 10

    res = await users[0].slash(channel, "loveletter leaderboard", tally="games_won")
    assert "By games won" in res.response.message.embeds[0].footer.text
    assert "page 1/2" in res.response.message.embeds[0].footer.text


async def test_leaderboard_by_edition_names_its_tally(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    await finish(simcord_env.bot.storage, guild.id, channel.id, "l5r", ann, bob, 5)
    res = await bob.slash(channel, "loveletter leaderboard", edition="l5r")
    text = message_text(res.response.message)
    assert "Legend of the Five Rings" in text and "5 tokens of affection" in text
    assert not res.response.message.components  # one page: no buttons
    res = await bob.slash(channel, "loveletter leaderboard", edition="pegasus")
    assert "Nobody has finished a game" in message_text(res.response.message)


async def test_stats_for_yourself_and_for_another_user(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    storage = simcord_env.bot.storage
    await finish(storage, guild.id, channel.id, "hobbit", ann, bob, 4)
    await finish(storage, guild.id, channel.id, "pegasus", bob, ann, 3)
    res = await bob.slash(channel, "loveletter stats", user=ann.user)
    text = message_text(res.response.message)
    assert ann.mention in text and "2 games played, 1 won" in text
    assert "4 crowns" in text and "1 heart ·" in text and "1 hearts" not in text
    assert "1 round won" in text and "1 of 1 game won" in text
    # the all-editions board names each edition's own tally (issue 14)
    res = await bob.slash(channel, "loveletter leaderboard")
    board = rows(res.response.message)
    assert any(ann.mention in r and "4 crowns, 1 heart ·" in r for r in board)
    assert any(bob.mention in r and "1 crown, 3 hearts ·" in r for r in board)
    assert " / " not in message_text(res.response.message)
    res = await bob.slash(channel, "loveletter stats")
    assert bob.mention in message_text(res.response.message)
    cid = guild.add_member(simcord_env.create_user("cid"))
    res = await cid.slash(channel, "loveletter stats")
    assert "No finished games" in message_text(res.response.message)


async def test_odds_are_ephemeral_and_counted_from_the_players_own_view(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 3, seed=4)
    for _ in range(2):
        await g.play_one_move()
    if g.in_break():  # (odds wait for the next round like the hand does)
        await g.next_round()
    state = await g.state()
    for m in g.members:
        res = await m.slash(g.channel, "loveletter odds")
        assert res.ephemeral
        expected = render_odds("hobbit", odds(engine.player_view(state, str(m.id))))
        assert res.response.content == expected
    # Someone else's unique card is still unseen for ann; her own is not.
    ann = g.members[0]
    mine = state.players[state.seat(str(ann.id))].hand
    res = await ann.slash(g.channel, "loveletter odds")
    for card in mine:
        if engine.edition("hobbit").card(card).copies == 1:
            assert engine.edition("hobbit").card(card).label not in res.response.content
    spectator = g.channel.guild.add_member(simcord_env.create_user("zed"))
    res = await spectator.slash(g.channel, "loveletter odds")
    assert res.ephemeral and "not playing" in res.response.content
