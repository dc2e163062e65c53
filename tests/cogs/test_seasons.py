"""Seasons as players see them (issue 45): a manager starts a season of a game with
`/tabletop season start`, games count in it (a whole game played at the table, and finished
games), the season ends (by a manager, or when its days run out, found by the bot's timer)
with its final table and podium posted where it was started, a new season starts afresh, and
`leaderboard season:` shows each season's own table beside the all-time one. Non-managers
and bad lengths are refused with nothing changed."""

from __future__ import annotations

import functools

import discord
import pytest
from simcord.backend.errors import OptionError

from bot.runtime.client import clock, create_bot
from bot.service import GameError
from bot.service.seasons import start_season
from storage import open_storage
from tests.cogs.conftest import seeded
from tests.cogs.driver import message_text, open_game, play_to_end
from tests.cogs.locales import client_locales
from tests.cogs.test_ratings import finish

DAY = 86400


def manager(env, guild):
    """A member with Manage Server."""
    managers = guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("boss"), roles=[managers])


def final_tables(channel) -> list[discord.Message]:
    """The final tables posted in the channel, oldest first."""
    return sorted(
        (m for m in channel.history() if m.embeds and "final table" in (m.embeds[0].title or "")),
        key=lambda m: m.id,
    )


def lines(message: discord.Message) -> list[str]:
    return [x for x in (message.embeds[0].description or "").splitlines() if x]


async def test_a_whole_season_with_two_rollovers(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = simcord_env.bot.storage
    storage.clock = clock  # games end and seasons run on the virtual clock of the test
    g = await open_game(simcord_env, "hobbit", 2, seed=3)
    channel, (ann, bob) = g.channel, g.members
    guild = channel.guild
    boss = manager(simcord_env, guild)
    cid = guild.add_member(simcord_env.create_user("cid"))

    started = await boss.slash(channel, "tabletop season start", game="loveletter")
    assert not started.ephemeral  # the channel is told
    assert "started season 1 of Love Letter" in started.response.content
    assert "until a manager ends it" in started.response.content
    await play_to_end(g)  # a whole game at the table counts in season 1
    for order in ([ann, bob], [ann, cid], [bob, cid], [ann, "easy"]):
        await finish(storage, guild.id, channel.id, "loveletter", order)
    status = await boss.slash(channel, "tabletop season status", game="loveletter")
    assert status.ephemeral and status.response.embeds[0].title == "Season 1 — Love Letter"
    assert "5 games · 3 players" in status.response.embeds[0].footer.text

    ended = await boss.slash(channel, "tabletop season end", game="loveletter")
    assert ended.ephemeral
    assert ended.response.content == (
        f"Season 1 has ended; its final table is posted in <#{channel.id}>."
    )
    (first,) = final_tables(channel)
    assert first.content == "Season 1 is over. Thank you for playing!"
    assert first.embeds[0].title == "Season 1 — Love Letter — final table"
    table1 = lines(first)
    podium = table1[1]
    assert podium.startswith("The podium: 🥇 <@") and "🥈" in podium and "🥉" in podium
    assert podium.count("<@") == 3  # ann, bob and cid; the AI is on no table
    assert f"🥇 <@{ann.id}>" in podium  # three wins of four
    assert any(f"<@{ann.id}>" in x and "4 games, 3 won" in x for x in table1)

    # The second season: seven days long, ended by the bot's timer when they are over.
    again = await boss.slash(channel, "tabletop season start", game="loveletter", days=7)
    assert "started season 2 of Love Letter" in again.response.content
    assert "ends <t:" in again.response.content
    for order in ([cid, ann], [cid, bob], [bob, ann]):
        await finish(storage, guild.id, channel.id, "loveletter", order)
    # The bot restarts a week later (the clock its storage reads jumps: advancing SimCord's
    # through a week of the timer's minutely checks takes too long); its timer ends the season.
    later = functools.partial(open_storage, clock=lambda: clock() + 7 * DAY)
    monkeypatch.setattr("bot.runtime.client.open_storage", later)
    await simcord_env.restart_bot(seeded(create_bot(simcord_env.bot.settings)))
    await simcord_env.advance_time(61)
    storage = simcord_env.bot.storage
    assert await storage.open_season(guild.id, "loveletter") is None
    second = final_tables(channel)[1]
    assert second.embeds[0].title == "Season 2 — Love Letter — final table"
    assert f"The podium: 🥇 <@{cid.id}>" in lines(second)[1]  # two wins of two: afresh
    assert any(f"<@{ann.id}>" in x and "2 games, 0 won" in x for x in lines(second))

    # The third season, and each season's table on demand beside the all-time board.
    await boss.slash(channel, "tabletop season start", game="loveletter")
    await finish(storage, guild.id, channel.id, "loveletter", [bob, ann])
    stats = (await bob.slash(channel, "loveletter stats")).response.message
    (field,) = [f for f in stats.embeds[0].fields if f.name == "Season 3"]
    assert field.value.endswith("(1 rated game) · 1 game, 1 won")
    stats = (await bob.slash(channel, "loveletter stats", user=cid.user)).response.message
    (field,) = [f for f in stats.embeds[0].fields if f.name == "Season 3"]
    assert field.value == "No game in this season yet."
    one = await bob.slash(channel, "loveletter leaderboard", season=1)
    assert lines(one.response.message) == table1
    two = await bob.slash(channel, "loveletter leaderboard", season=2)
    assert lines(two.response.message) == lines(second)
    now = await bob.slash(channel, "loveletter leaderboard", season=0)
    assert now.response.message.embeds[0].title == "Season 3 — Love Letter"
    assert "1 game · 2 players" in now.response.message.embeds[0].footer.text
    alltime = message_text((await bob.slash(channel, "loveletter leaderboard")).response.message)
    assert "Season" not in alltime and f"<@{ann.id}>" in alltime
    none = await bob.slash(channel, "loveletter leaderboard", season=4)
    assert none.ephemeral
    assert none.response.content == "There is no season 4 here: the seasons are 1 to 3."
    other = await bob.slash(channel, "adventure leaderboard", season=0)
    assert "No season has been played here yet" in other.response.content


async def test_only_managers_start_or_end_seasons(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    boss = manager(simcord_env, guild)
    # Discord shows /tabletop only to managers; this server allowed it to ann as well
    # (Integrations settings), so the bot's own check is what stops her.
    (command,) = [c for c in await simcord_env.bot.tree.fetch_commands() if c.name == "tabletop"]
    guild.set_command_permissions(command, {ann: True})
    refused = await ann.slash(channel, "tabletop season start", game="adventure")
    assert refused.ephemeral
    assert refused.response.content == (
        "Only members with **Manage Server** can start or end seasons here."
    )
    assert await simcord_env.bot.storage.latest_season(guild.id, "adventure") is None
    await boss.slash(channel, "tabletop season start", game="adventure")
    refused = await ann.slash(channel, "tabletop season end", game="adventure")
    assert "Only members with **Manage Server**" in refused.response.content
    assert await simcord_env.bot.storage.open_season(guild.id, "adventure") is not None
    twice = await boss.slash(channel, "tabletop season start", game="adventure")
    assert twice.ephemeral and twice.response.content.startswith("Season 1 is running here already")
    ended = await boss.slash(channel, "tabletop season end", game="adventure")
    assert ended.response.content.startswith("Season 1 has ended")
    nothing = await boss.slash(channel, "tabletop season end", game="adventure")
    assert nothing.response.content == "No season is running here. Nothing was changed."


@pytest.mark.parametrize("days", [0, -3, 367, 10**9])
async def test_a_season_of_no_length_or_too_long_is_refused(simcord_env, days: int) -> None:
    """Discord itself refuses the number (the option's range, 1 to 366); a client that sent
    it anyway is refused by the bot in one line, nothing changed."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    boss = manager(simcord_env, guild)
    with pytest.raises(OptionError, match="days"):
        await boss.slash(channel, "tabletop season start", game="loveletter", days=days)
    with pytest.raises(GameError) as refused:
        await start_season(simcord_env.bot.storage, guild.id, "loveletter", channel.id, 1, days)
    assert str(refused.value) == (
        f"A season lasts 1 to 366 days (or, without days, until a manager ends it); {days} is"
        " not a length. Nothing was changed."
    )
    assert await simcord_env.bot.storage.latest_season(guild.id, "loveletter") is None


async def test_on_a_german_server_the_season_is_announced_and_closed_in_german(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = simcord_env.bot.storage
    guild = simcord_env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("ann", "bob"))
    boss = manager(simcord_env, guild)
    with client_locales(monkeypatch, {boss.id: "de"}):
        started = await boss.slash(channel, "tabletop season start", game="adventure", days=30)
        assert started.response.content.startswith(
            f"{boss.mention} hat Saison 1 von Der Hobbit: Das Abenteuer-Brettspiel gestartet:"
            " jedes Spiel, das ab jetzt endet, zählt darin, mit eigener Spielstärke (seit <t:"
        )
        assert ", endet <t:" in started.response.content
        for order in ([ann, bob], [ann, bob]):
            await finish(storage, guild.id, channel.id, "adventure", order)
        again = await boss.slash(channel, "tabletop season start", game="adventure")
        assert again.response.content == (
            "Hier läuft schon Saison 1: beende sie zuerst (`/tabletop saison beenden`)."
            " Es wurde nichts geändert."
        )
        ended = await boss.slash(channel, "tabletop season end", game="adventure")
        assert ended.response.content == (
            f"Saison 1 ist beendet; ihre Abschlusstabelle steht in <#{channel.id}>."
        )
    (final,) = final_tables_de(channel)
    assert final.content == "Saison 1 ist vorbei. Danke fürs Mitspielen!"
    assert (
        final.embeds[0].title
        == "Saison 1 — Der Hobbit: Das Abenteuer-Brettspiel — Abschlusstabelle"
    )
    table = lines(final)
    assert table[1] == f"Das Siegertreppchen: 🥇 <@{ann.id}> 🥈 <@{bob.id}>"
    assert any("Spielstärke" in x and "2 Spiele, 2 gewonnen" in x for x in table)
    assert final.embeds[0].footer.text == "2 Spiele · 2 Personen"


def final_tables_de(channel) -> list[discord.Message]:
    return [m for m in channel.history() if m.embeds and "Abschlusstabelle" in m.embeds[0].title]
