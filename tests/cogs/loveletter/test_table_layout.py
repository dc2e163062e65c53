"""The Love Letter table picture first (Components V2): the picture is the first thing in the
message, the text under it is short (the picture and its alt text carry every seat), the
buttons follow and keep working after a restart, and a table posted as an embed by an older
version turns into this layout on its next move."""

from __future__ import annotations

from typing import Any

import discord

from engine.loveletter.editions import edition
from tests.cogs.driver import (
    COMPONENTS_V2,
    Game,
    first_shown,
    flat,
    gallery,
    open_game,
    raw_components,
    text_of,
)

SHORT = 600  # characters under the picture, 8 players included


def controls(message: Any) -> list[str]:
    return [c.get("label", "") for c in flat(raw_components(message))]


async def played(g: Game, moves: int) -> Any:
    for _ in range(moves):
        await g.play_one_move()
    return await g.state()


async def test_the_eight_player_table_shows_its_picture_first_and_short_text(
    simcord_env,
) -> None:
    g = await open_game(simcord_env, "pegasus", 8, seed=3)
    state = await played(g, 6)
    table = g.table()
    assert table.flags.value & COMPONENTS_V2 and table.embeds == [] and not table.content
    first = first_shown(table)
    (att,) = table.attachments
    assert first["type"] == 12 and att.filename == "table.png"  # the picture, first
    assert first["items"][0]["media"]["url"] == att.url
    text = text_of(table)
    assert len(text) <= SHORT, len(text)
    assert f"Turn: <@{state.actor}>" in text and f"move {await g.version()}" in text
    assert "Discards:" not in text and "Draw pile:" not in text  # the picture shows them
    stored = simcord_env.backend.get_message(g.channel.id, table.id)
    assert stored.ping_user_ids == []  # the mention names the player; it pings nobody
    # Every seat's discards, in words, for a screen reader: the picture's alt text.
    alt = first["items"][0]["description"]
    names = {str(m.id): m.name for m in g.members}
    pegasus = edition("pegasus")
    for p in state.players:
        assert f"{names[p.id]} (" in alt
        assert all(f"{pegasus.card(c).name} {pegasus.card(c).value}" in alt for c in p.discards)
    # The buttons come after the text and still work.
    assert controls(table) == ["My hand", "Rules"]
    assert g.leaks == [] and g.pictures_checked > 0


async def test_the_table_buttons_work_after_a_restart(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=11)
    await played(g, 3)
    table = g.table()
    await simcord_env.restart_bot()
    state = await g.state()
    actor = g.member(int(state.actor))
    res = await actor.click(table, label="My hand")
    assert res.ephemeral and "Play " in " ".join(controls(res.response))
    rules = await g.members[0].click(table, label="Rules")
    assert rules.ephemeral and "Pegasus" in (rules.response.content or "")
    g.mark_seen()  # the rules name every card: no leak
    before = await g.version()
    await g.play_one_move()  # from the table posted before the restart
    assert await g.version() == before + 1 and g.table().id == table.id
    assert first_shown(g.table())["type"] == 12
    assert g.leaks == []


async def test_a_table_posted_as_an_embed_becomes_the_layout_on_its_next_move(
    simcord_env,
) -> None:
    """A game running across the upgrade: its table was posted as an embed by the version
    before; the next move's edit turns it into the picture-first layout."""
    g = await open_game(simcord_env, "hobbit", 3, seed=7)
    bot = simcord_env.bot
    channel = bot.get_channel(g.channel.id)
    old = discord.Embed(title="Love Letter — Hobbit", description="Turn: (an old table)")
    posted = await channel.send(embed=old)
    await bot.service.set_table_message(g.game_id, posted.id)
    await g.play_one_move()
    table = next(m for m in g.channel.history() if m.id == posted.id)
    assert table.embeds == [] and table.flags.value & COMPONENTS_V2
    assert gallery(table) and f"move {await g.version()}" in text_of(table)
    assert controls(table) == ["My hand", "Rules"]


async def test_a_finished_round_is_told_short_under_its_picture(simcord_env) -> None:
    """Between rounds the picture shows the revealed hands, the set-aside card and the
    tallies; the text under it says who won and when the next round starts, and the alt text
    says the rest for a screen reader."""
    g = await open_game(simcord_env, "pegasus", 8, seed=3)
    for _ in range(300):
        await g.play_one_move()
        if g.in_break():
            break
    else:
        raise AssertionError("no round ended")
    result = (await g.state()).history[-1]
    table = g.table()
    text = text_of(table)
    assert len(text) <= SHORT, len(text)
    assert "**Round 1 is over** — won by" in text and "or press **Next round**" in text
    assert "Revealed:" not in text and "Tallies:" not in text
    alt = first_shown(table)["items"][0]["description"]
    assert "Tallies: " in alt and ("Revealed: " in alt) == bool(result.reveal)
    assert len(alt) <= 1024 and all(len(a.description or "") <= 1024 for a in table.attachments)
    assert all(f"{m.name}: discards " in alt for m in g.members)  # all eight fit
    assert controls(table) == ["Next round", "Rules"]
    assert g.leaks == []
