"""Whose language each message is in: a click's answers in the clicker's Discord language, the
public lobby and table in the server's (its Discord language, or the one a manager chose with
`/tabletop language`), a DM in its reader's last seen language, also after a restart."""

from __future__ import annotations

import discord
import pytest

from bot.runtime.client import create_bot
from tests.cogs.conftest import seeded
from tests.cogs.dms_and_ai_moves import dms
from tests.cogs.driver import flat, message_text, open_game, raw_components
from tests.cogs.locales import client_locales


def labels(message: discord.Message) -> list[str]:
    """The button labels a message shows."""
    return [c.get("label") or "" for c in flat(raw_components(message)) if c["type"] == 2]


def manager(env, guild):
    """A member with Manage Server."""
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("boss"), roles=[managers])


def lobby_of(channel) -> discord.Message:
    return next(m for m in channel.history() if "Join" in labels(m) or "Beitreten" in labels(m))


async def test_a_german_client_reads_german_answers_while_the_english_lobby_and_table_stay(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()  # an English server
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    with client_locales(monkeypatch, {bob.id: "de"}):
        opened = await bob.slash(channel, "loveletter new", edition="pegasus")
        lobby = opened.response
        assert labels(lobby) == ["Join", "Leave", "Start"]
        early = await bob.slash(channel, "loveletter hand")
        assert early.ephemeral and early.response.content == "Das Spiel hat noch nicht begonnen."
        again = await bob.click(lobby, label="Join")
        assert again.response.ephemeral
        assert again.response.content == "Du bist schon in diesem Spiel."
        joined = await ann.slash(channel, "loveletter join")  # ann's client is English
        assert joined.response.content == "You took seat 2 in the lobby."
        left = await bob.slash(channel, "loveletter leave")
        assert "Die Spielleitung kann die Lobby nicht verlassen" in left.response.content
        assert labels(lobby_of(channel)) == ["Join", "Leave", "Start"]  # edited in English
        await bob.click(lobby_of(channel), label="Start")  # the German host starts it
        game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
        table = next(m for m in channel.history() if m.id == game.table_message_id)
        assert "Rules" in labels(table) and "Regeln" not in labels(table)
        reposted = await bob.slash(channel, "loveletter table")  # the German host asks again
        assert not reposted.ephemeral
        assert "Rules" in labels(reposted.response) and "Regeln" not in labels(reposted.response)


async def test_a_german_next_round_click_turns_the_english_table(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_game(simcord_env, "pegasus", 2, seed=7)  # an English server
    for _move in range(200):
        if g.in_break():
            break
        await g.play_one_move()
    assert g.in_break()
    bob = g.members[1]
    with client_locales(monkeypatch, {bob.id: "de"}):
        res = await bob.click(g.table(), label="Next round")
    assert not g.in_break()
    assert res.response.id == g.table().id  # the click's answer turned the table itself
    assert labels(g.table()) == ["My hand", "Rules"]


async def test_on_a_german_server_the_public_lobby_is_german(simcord_env) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="pegasus")).response
    assert labels(lobby) == ["Beitreten", "Verlassen", "Starten"]
    refused = await bob.click(lobby, label="Starten")  # bob's own client is English
    assert refused.response.content == "Only the host can start the game."
    await bob.click(lobby, label="Beitreten")
    assert labels(lobby_of(channel)) == ["Beitreten", "Verlassen", "Starten"]
    ended = await ann.slash(channel, "loveletter end")  # a public line: German too
    assert not ended.ephemeral and "hat das Spiel beendet" in ended.response.content


async def test_a_timeout_notice_is_in_the_servers_language(simcord_env) -> None:
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", timer=60)).response
    await bob.click(lobby, label="Beitreten")
    await ann.click(lobby, label="Starten")
    game = await simcord_env.bot.storage.get_game_in_channel(channel.id)
    _, state = await simcord_env.bot.service.running(game.id)
    late = game.seat_of(state.actor).display_name
    await simcord_env.advance_time(61)
    notices = [m.content for m in channel.history() if (m.content or "").startswith("⏰")]
    assert notices == [f"⏰ Die Zeit von {late} ist abgelaufen: Die KI hat den Zug gespielt."]


async def test_a_manager_switches_the_public_language_and_nobody_else_can(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()  # English
    channel = guild.create_text_channel("games")
    boss = manager(simcord_env, guild)
    ann = guild.add_member(simcord_env.create_user("ann"))
    # `/tabletop` is shown to everyone (its `settings` are every player's), and this server
    # allowed it to ann explicitly too (Integrations settings): the bot's own check stops her.
    (command,) = [c for c in await simcord_env.bot.tree.fetch_commands() if c.name == "tabletop"]
    guild.set_command_permissions(command, {ann: True})
    storage = simcord_env.bot.storage

    refused = await ann.slash(channel, "tabletop language", language="de")
    assert refused.ephemeral and "Manage Server" in refused.response.content
    assert await storage.get_server_language(guild.id) is None
    lobby = (await ann.slash(channel, "loveletter new", edition="pegasus")).response
    assert labels(lobby) == ["Join", "Leave", "Start"]

    with client_locales(monkeypatch, {boss.id: "de"}):
        chosen = await boss.slash(channel, "tabletop language", language="de")
    assert chosen.ephemeral and "auf Deutsch" in chosen.response.content  # her own language
    assert await storage.get_server_language(guild.id) == "de"
    await boss.click(lobby, label="Join")  # the lobby is written anew: in German now
    assert labels(lobby_of(channel)) == ["Beitreten", "Verlassen", "Starten"]

    cleared = await boss.slash(channel, "tabletop language", language="default")
    assert "Discord language (now English)" in cleared.response.content
    assert await storage.get_server_language(guild.id) is None
    await boss.click(lobby_of(channel), label="Verlassen")
    assert labels(lobby_of(channel)) == ["Join", "Leave", "Start"]


async def test_public_stats_are_in_the_servers_language_whoever_asks(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    boss, ann = manager(simcord_env, guild), guild.add_member(simcord_env.create_user("ann"))
    with client_locales(monkeypatch, {ann.id: "de"}):
        stats = await ann.slash(channel, "loveletter stats")
        assert not stats.ephemeral and stats.response.embeds[0].fields[-1].name == "Rating"
        await boss.slash(channel, "tabletop language", language="de")
        stats = await ann.slash(channel, "loveletter stats")
        assert stats.response.embeds[0].fields[-1].name == "Spielstärke"
    stats = await ann.slash(channel, "loveletter stats")  # her client in English now
    assert stats.response.embeds[0].fields[-1].value.startswith("Noch nicht gewertet")


async def test_a_players_language_is_written_only_when_it_changes(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    storage = simcord_env.bot.storage

    async def writes(locale: str) -> int:
        """The database writes of one refused command (no game here) from a `locale` client."""
        before = storage.commits()
        with client_locales(monkeypatch, {ann.id: locale}):
            res = await ann.slash(channel, "loveletter hand")
        assert res.ephemeral  # a refusal: it changes nothing else
        return storage.commits() - before

    assert await writes("de") == 1  # first seen: stored
    assert await writes("de") == 0  # the same again: nothing written
    assert await writes("de-AT") == 0  # still German
    assert await writes("en-GB") == 1
    assert await storage.get_user_locale(ann.id) == "en"


OVER_DE, OVER_EN = "Dieser Zug ist vorbei", "That turn is over"


async def test_dms_follow_the_readers_last_seen_language_also_after_a_restart(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    lobby = (await ann.slash(channel, "loveletter new", edition="hobbit", timer=60)).response
    with client_locales(monkeypatch, {bob.id: "de"}):
        await bob.click(lobby, label="Join")  # bob's last interaction: German
    # A new bot on the same SQLite file: bob's language is known from the database only.
    settings = simcord_env.bot.settings
    await simcord_env.restart_bot(seeded(create_bot(settings), seed=5))
    await ann.click(lobby_of(channel), label="Start")
    storage = simcord_env.bot.storage
    game = await storage.get_game_in_channel(channel.id)
    # Nobody clicks any more: every turn times out, and each turn DM that is over says so in
    # its reader's language: bob never used this bot, ann's client is English.
    for _turn in range(12):
        if any(OVER_DE in message_text(m) for m in dms(bob)) and any(
            OVER_EN in message_text(m) for m in dms(ann)
        ):
            break
        await simcord_env.advance_time(61)
    else:
        raise AssertionError("no turn DM of both players was closed")
    assert not any(OVER_EN in message_text(m) for m in dms(bob))
    assert not any(OVER_DE in message_text(m) for m in dms(ann))
    assert (await storage.get_game(game.id)).version > 0
