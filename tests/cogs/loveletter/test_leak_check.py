"""The transcript leak check itself must be able to fail, or the game tests prove nothing."""

from __future__ import annotations

import io

import discord

from bot.games.loveletter.messages import hand as hand_messages
from engine.loveletter import player_view
from engine.loveletter.editions import edition
from tests.cogs.driver import open_game


async def test_the_leak_check_flags_a_card_hidden_from_a_viewer(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=31)
    state = await g.state()
    ann = g.members[0]
    known = g.knowledge([state], [], str(ann.id))
    hidden = next(c for c in edition("pegasus").cards if c.id not in known and not c.expansion)
    g.check_views([state], [])
    assert g.leaks == []
    await g.members[1].send(g.channel, f"psst, the top card is the {hidden.name}")
    g.check_views([state], [])
    assert any(leak.startswith(f"{ann.name} saw {hidden.id}") for leak in g.leaks)


async def test_the_leak_check_flags_a_picture_of_another_players_hand(simcord_env) -> None:
    """Pictures are checked by what they were drawn from: bob posting the picture of his own
    hand (drawn by the bot's renderer from his view) shows ann a view she may not see."""
    g = await open_game(simcord_env, "pegasus", 4, seed=31)
    state = await g.state()
    bob = g.members[1]
    g.check_views([state], [])
    assert g.leaks == [] and g.pictures_checked > 0  # the table's picture passed
    picture = hand_messages.hand_png(player_view(state, str(bob.id)))  # the recording renderer
    await bob.send(g.channel, "my hand", attachments=[("hand.png", picture)])
    g.check_views([state], [])
    flagged = f"ann saw a picture (hand.png) drawn from {bob.id}"
    assert any(leak.startswith(flagged) for leak in g.leaks)
    assert not any(leak.startswith(f"{bob.name} saw") for leak in g.leaks)  # his own view


async def test_the_leak_check_flags_a_picture_the_renderer_never_drew(simcord_env) -> None:
    g = await open_game(simcord_env, "hobbit", 2, seed=5)
    state = await g.state()
    g.check_views([state], [])
    await g.members[1].send(g.channel, "look", attachments=[("x.png", b"\x89PNG not ours")])
    g.check_views([state], [])
    assert any("drawn from no known view" in leak for leak in g.leaks)


async def test_the_leak_check_reads_a_layouts_text_and_its_pictures_alt_text(simcord_env) -> None:
    """A table laid out with Components V2 says things in TextDisplays and in its picture's
    alt text: a hidden card named in either is flagged (here the bot itself misbehaves)."""
    g = await open_game(simcord_env, "pegasus", 4, seed=31)
    state = await g.state()
    ann = g.members[0]
    known = g.knowledge([state], [], str(ann.id))
    hidden = next(c for c in edition("pegasus").cards if c.id not in known and not c.expansion)
    g.check_views([state], [])
    assert g.leaks == []
    channel = simcord_env.bot.get_channel(g.channel.id)
    said = discord.ui.LayoutView()
    said.add_item(discord.ui.Container(discord.ui.TextDisplay(f"the top card: {hidden.name}")))
    await channel.send(view=said)
    g.check_views([state], [])
    assert any(leak.startswith(f"{ann.name} saw {hidden.id}") for leak in g.leaks)
    g.leaks.clear()
    alt = f"a picture of the {hidden.name}"
    shown = discord.ui.LayoutView()
    item = discord.MediaGalleryItem("attachment://x.png", description=alt)
    shown.add_item(discord.ui.Container(discord.ui.MediaGallery(item)))
    await channel.send(view=shown, file=discord.File(io.BytesIO(b"\x89PNG"), filename="x.png"))
    g.check_views([state], [])
    assert any(leak.startswith(f"{ann.name} saw {hidden.id}") for leak in g.leaks)


async def test_the_leak_check_reads_a_message_again_once_it_is_edited(simcord_env) -> None:
    """A step's check reads only what changed since the last one (tests/simcord_reads.py's
    `NewReads`): a message checked clean and then edited to name a hidden card is read again
    and flagged; unchanged, it is not read (nor flagged) again."""
    g = await open_game(simcord_env, "pegasus", 4, seed=31)
    state = await g.state()
    ann = g.members[0]
    known = g.knowledge([state], [], str(ann.id))
    hidden = next(c for c in edition("pegasus").cards if c.id not in known and not c.expansion)
    channel = simcord_env.bot.get_channel(g.channel.id)
    said = await channel.send("nothing to see")
    g.check_views([state], [])
    assert g.leaks == []
    await said.edit(content=f"the top card is the {hidden.name}")
    g.check_views([state], [])
    assert any(leak.startswith(f"{ann.name} saw {hidden.id}") for leak in g.leaks)
    g.leaks.clear()
    g.check_views([state], [])  # unchanged since: nothing new to read
    assert g.leaks == []
