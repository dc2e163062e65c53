"""A player's own settings (turn DMs, card pictures) serve every game, so they live in
`/tabletop settings` (issue 42 item 3); `/loveletter settings`, where they used to be, keeps
working and says where they live now, in English and in German."""

from __future__ import annotations

import re

import pytest

from bot.i18n import GERMAN
from tests.bot.i18n.test_commands_in_german import as_discord_sends, synced_commands
from tests.cogs.adventure.driver import open_adventure
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.locales import client_locales

MOVED = "These settings now live in `/tabletop settings` and serve every game."


async def test_any_player_sets_their_dms_and_pictures_in_tabletop_settings(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))  # no Manage Server
    storage = simcord_env.bot.storage
    res = await ann.slash(channel, "tabletop settings", dm="off", pictures="off")
    assert res.ephemeral
    assert "Turn DMs are **off**" in res.response.content
    assert "Card pictures are **off** for you" in res.response.content
    assert "now live" not in res.response.content  # it is the new home
    current = await storage.get_user_settings(ann.id)
    assert (current.dm_enabled, current.pictures) == (False, False)
    # The same settings, whichever command reads them: the old one shows what the new one set.
    old = await ann.slash(channel, "loveletter settings")
    assert "Turn DMs are **off**" in old.response.content
    # Asked with no option, it only shows; both settings back on:
    shown = await ann.slash(channel, "tabletop settings")
    assert "Turn DMs are **off**" in shown.response.content
    back = await ann.slash(channel, "tabletop settings", dm="on", pictures="on")
    assert "Turn DMs are **on**" in back.response.content
    assert (await storage.get_user_settings(ann.id)).dm_enabled is True
    # The group is visible to her now; its `language` is still the managers' alone.
    refused = await ann.slash(channel, "tabletop language", language="de")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert await storage.get_server_language(guild.id) is None


async def test_dms_off_in_tabletop_settings_holds_in_both_games(simcord_env) -> None:
    """Love Letter: no round-start DM; the Adventure: no "your turn" DM on her turns."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await ann.slash(channel, "tabletop settings", dm="off")
    lobby = (await ann.slash(channel, "loveletter new", edition="l5r")).response
    await bob.click(lobby, label="Join")
    await ann.click(lobby, label="Start")
    assert dms(ann) == []
    assert dms(bob)  # bob keeps the default: on

    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    hobbit, other = g.members
    await hobbit.slash(g.channel, "tabletop settings", dm="off")
    before = {m.id: len(dms(m)) for m in g.members}
    turns: dict[int, set[int]] = {m.id: set() for m in g.members}  # own turns waited for
    for _ in range(400):
        state = await g.state()
        pending = state.pending
        if pending is not None and pending.player == state.active:
            turns[int(pending.player)].add(state.turn_no)
        if min(len(t) for t in turns.values()) >= 2 or not await g.play_one_decision():
            break
    assert all(len(t) >= 2 for t in turns.values()), turns
    assert len(dms(hobbit)) == before[hobbit.id]  # none on her turns
    assert len(dms(other)) > before[other.id]  # his "your turn" DMs


async def test_the_old_loveletter_settings_still_works_and_says_where_they_live(
    simcord_env,
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    res = await ann.slash(channel, "loveletter settings", pictures="off")
    assert res.ephemeral
    lines = res.response.content.splitlines()
    assert lines[0] == "Turn DMs are **on** for you."
    assert lines[-1] == MOVED
    assert (await simcord_env.bot.storage.get_user_settings(ann.id)).pictures is False


async def test_a_german_player_is_told_the_german_name_of_tabletop_settings(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild(preferred_locale=GERMAN)
    channel = guild.create_text_channel("karten")
    ann = guild.add_member(simcord_env.create_user("ann"))
    synced = list((await synced_commands(simcord_env)).values())
    with client_locales(monkeypatch, {ann.id: GERMAN}):
        old = (await ann.slash(channel, "loveletter settings", dm="off")).response.content
        new = (await ann.slash(channel, "tabletop settings")).response.content
    assert old.splitlines()[0] == "Direktnachrichten zu deinem Zug sind für dich **aus**."
    moved = old.splitlines()[-1]
    assert moved.startswith("Diese Einstellungen findest du jetzt unter `/tabletop ")
    assert moved.endswith("; sie gelten für jedes Spiel.")
    (typed,) = re.findall(r"`/([^`]+)`", moved)
    assert typed == "tabletop einstellungen"  # what a German client offers
    assert as_discord_sends(synced, typed) == ("tabletop settings", {})
    assert new == "\n".join(old.splitlines()[:-1])  # the same settings, no note
