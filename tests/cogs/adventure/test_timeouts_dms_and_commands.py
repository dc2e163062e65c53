"""The Adventure game at the table: turn timers, closed DMs, double clicks, the board picture
attached to the table message and replaced when it changes, and the table's commands."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image
from simcord.actors import _component_click

from bot.games.adventure.pictures import panel
from bot.games.adventure.pictures.layout import WIDTH
from tests.cogs.adventure.driver import open_adventure
from tests.cogs.adventure.positions import CHASE
from tests.cogs.adventure.stacked import buttons, open_stacked, pack_of
from tests.cogs.dms_and_ai_moves import close_dms, dms
from tests.cogs.driver import gallery, message_text


def _notices(channel) -> list[str]:  # noqa: ANN001
    return [m.content for m in channel.history() if "time ran out" in (m.content or "")]


async def test_two_timeouts_in_a_row_hand_the_seat_to_an_ai(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5, timer=60)
    storage = simcord_env.bot.storage
    taken: list[str] = []
    for _ in range(8):
        await simcord_env.advance_time(61)
        current = await storage.get_game(g.game_id)
        taken = [s.player_id for s in current.seats if s.ai_level == "standard"]
        if taken:
            break
    assert taken, "nobody's seat was taken over"
    seat = current.seat_of(taken[0])
    assert seat.timeouts_in_a_row == 2 and seat.user_id is not None
    assert any(
        "two whole turns in a row" in n and seat.display_name in n for n in _notices(g.channel)
    )
    g.check_views(await g.state())
    assert g.leaks == []


async def test_closed_dms_mean_a_channel_mention_and_one_hint(simcord_env) -> None:
    guild_games = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    g = guild_games
    ann, bob = g.members
    close_dms(simcord_env, bob)
    while g.awaited() is not bob:  # ann plays until it is bob's decision
        await g.play_one_decision()
    mentions = [m for m in g.channel.history() if f"<@{bob.id}>" in (m.content or "")]
    assert mentions and "open **My pack**" in mentions[-1].content
    first = await bob.click(g.table(), label="My pack")
    assert first.acknowledged
    hints = [f for f in first.followups if "direct messages" in (f.content or "")]
    assert len(hints) == 1
    second = await bob.click(g.table(), label="My pack")
    assert not [f for f in second.followups if "direct messages" in (f.content or "")]
    assert dms(bob) == []


async def test_a_double_click_is_applied_once(simcord_env, monkeypatch: pytest.MonkeyPatch) -> None:
    g = await open_stacked(simcord_env, monkeypatch, CHASE)
    ann = g.members[0]
    pack = pack_of(await ann.click(g.table(), label="My pack"))
    before = (await g.record()).version
    roll = buttons(pack)["Roll the movement die"]
    both = [_component_click(ann, pack, label=None, custom_id=roll) for _ in range(2)]
    results = await asyncio.gather(*both)
    assert all(r.acknowledged for r in results)
    assert (await g.record()).version == before + 1
    assert len(await simcord_env.bot.storage.get_moves(g.game_id)) == before + 1


async def _picture(env, message) -> Image.Image:  # noqa: ANN001
    (attachment,) = message.attachments
    assert attachment.filename == "board.png"
    return Image.open(io.BytesIO(await attachment.read()))


async def test_the_board_picture_is_attached_and_replaced(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_stacked(simcord_env, monkeypatch, CHASE)
    ann = g.members[0]
    table = g.table()
    assert gallery(table)[0]["media"]["url"].endswith("board.png")
    start = await _picture(simcord_env, table)
    seats = len((await g.record()).seats)
    assert start.size == (WIDTH, panel.height(seats))
    pack = pack_of(await ann.click(g.table(), label="My pack"))
    await ann.click(pack, label="Roll the movement die")
    rolled = await _picture(simcord_env, g.table())
    # After the roll the reachable places are ringed: the picture changed.
    assert start.tobytes() != rolled.tobytes()
    assert g.table().attachments[0].url != table.attachments[0].url
    assert "Waiting for" in message_text(g.table())
    # Travelling to Old Forest and meeting the troll: tokens move, the rings go (a new
    # picture); choosing to fight changes nothing on the board, so the picture is kept.
    pack = pack_of(await ann.click(g.table(), label="My pack"))
    sel = next(c for row in pack.components for c in row["components"] if c["type"] == 3)
    value = next(o["value"] for o in sel["options"] if o["label"] == "Old Forest")
    pack = pack_of(await ann.select(pack, [value], custom_id=sel["custom_id"]))
    moved = g.table().attachments[0].url
    # The alt text names places as players read them, and says what just happened.
    alt = g.table().attachments[0].description
    assert "_" not in alt and " at Old Forest" in alt and " to Old Forest" in alt, alt
    await ann.click(pack, label="Fight")
    after = g.table()
    assert after.attachments[0].url == moved
    assert gallery(after)[0]["media"]["url"].endswith("board.png")


async def test_kick_board_rules_and_pack_commands(simcord_env) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    ann, bob = g.members
    rules = await bob.slash(g.channel, "adventure rules", topic="fights")
    assert rules.ephemeral and "reroll any dice twice" in rules.response.content
    old_table = g.table()
    board = await bob.slash(g.channel, "adventure board")
    assert board.response.id != old_table.id and g.table().id == board.response.id
    assert board.response.attachments[0].filename == "board.png"
    pack = await bob.slash(g.channel, "adventure pack")
    assert pack.ephemeral and "Your pack" in message_text(pack.response.message)
    not_host = await bob.slash(g.channel, "adventure kick", user=ann.user)
    assert (await g.record()).seat_of(str(ann.id)).ai_level is None
    assert not_host.ephemeral
    kicked = await ann.slash(g.channel, "adventure kick", user=bob.user)
    assert "an AI hobbit (standard) plays their seat" in (kicked.response.content or "")
    assert (await g.record()).seat_of(str(bob.id)).ai_level == "standard"
    g.check_views(await g.state())
    assert g.leaks == []


async def test_lobby_commands_answer_each_player_in_the_games_words(simcord_env) -> None:
    """join, addbot, kick and leave are the platform's commands; their answers name the seat
    you took and call an AI seat an AI hobbit."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "adventure new", timer=0)).response
    joined = await bob.slash(channel, "adventure join")
    assert joined.ephemeral and joined.response.content == "You took seat 2 in the lobby."
    added = await ann.slash(channel, "adventure addbot")
    assert added.ephemeral and added.response.content.endswith("took a seat.")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    ai = next(s for s in game.seats if s.user_id is None)
    assert ai.display_name in message_text(lobby.message)
    gone = await ann.slash(channel, "adventure kick", bot=ai.player_id)
    assert (
        gone.ephemeral
        and gone.response.content == f"{ai.display_name} (AI, standard) left the lobby."
    )
    assert ai.display_name not in message_text(lobby.message)
    left = await bob.slash(channel, "adventure leave")
    assert left.ephemeral and left.response.content == "You left the lobby."
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    assert [s.display_name for s in game.seats] == ["ann"]
