"""A refusal that names a command names the one the reader's Discord shows (issue 41): a German
client is told `/abenteuer beenden`, the command it can type, never the English `/adventure end`
inside a German sentence; an English client still reads `/adventure end`."""

from __future__ import annotations

from tests.cogs.locales import client_locales


async def test_a_refusal_names_the_subcommand_a_german_client_types(
    simcord_env, monkeypatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await ann.slash(channel, "adventure new", timer=0)
    with client_locales(monkeypatch, {ann.id: "de"}):
        german = (await ann.slash(channel, "adventure new", timer=0)).response.content
        host_leaves = (await ann.slash(channel, "adventure leave")).response.content
        other_game = (await ann.slash(channel, "loveletter join")).response.content
    english = (await bob.slash(channel, "adventure new", timer=0)).response.content
    assert "`/abenteuer beenden`" in german and "end`" not in german
    assert "`/abenteuer beenden`" in host_leaves
    assert "`/abenteuer`" in other_game and "/adventure" not in other_game
    assert "`/adventure end`" in english
