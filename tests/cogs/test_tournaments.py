"""Tournaments as players see them (issue 45): a manager opens one with `/tabletop tournament
new`, players sign up with the message's button, the organiser starts it; each round's tables
open in threads of the channel with their lobbies' seats filled, the hosts start the games,
and once every table is over the standings (Buchholz for Swiss, head-to-head for round-robin)
and the next round's pairings are posted, then the final ranking. A table ended without a
result, or left to an AI, is a forfeit loss; a restart in the middle of a round goes on where
it was. German servers read it all in German; bad input is one ephemeral line, nothing stored.
"""

from __future__ import annotations

import re

import pytest

from bot.runtime.client import create_bot
from storage import GameEnd
from tests.cogs.conftest import seeded
from tests.cogs.driver import flat, raw_components
from tests.cogs.locales import client_locales
from tests.cogs.test_seasons import manager

MENTION = re.compile(r"<@(\d+)>")
THREAD = re.compile(r"<#(\d+)>")


def posted(channel, start: str) -> list:
    """The channel's messages whose text starts with ``start`` (or whose embed title does)."""
    found = []
    for m in channel.history():
        title = m.embeds[0].title if m.embeds else ""
        if (m.content or "").startswith(start) or (title or "").startswith(start):
            found.append(m)
    return sorted(found, key=lambda m: m.id)


def pairings(channel, number: int) -> list[str]:
    (message,) = [m for m in posted(channel, "**Tournament") if f"round {number} of" in m.content]
    return message.content.splitlines()[1:]


def tables_of(lines: list[str]) -> list[tuple[tuple[int, ...], int]]:
    """(players, thread id) of each table line of a pairings message."""
    return [
        (tuple(int(x) for x in MENTION.findall(line)), int(THREAD.findall(line)[0]))
        for line in lines
        if line.startswith("Table ")
    ]


async def signed_up(env, n: int, **options):
    """A server with a manager who opened a tournament in #games and ``n`` players who
    signed up: (channel, manager, players, the sign-up message)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    boss = manager(env, guild)
    members = [guild.add_member(env.create_user(f"player{i}")) for i in range(1, n + 1)]
    res = await boss.slash(channel, "tabletop tournament new", **options)
    assert not res.ephemeral
    message = res.response.message
    for member in members:
        joined = await member.click(message, label="Sign up")
        assert joined.ephemeral and joined.response.content.startswith("You are signed up")
    return channel, boss, members, message


def thread(channel, thread_id: int):
    (found,) = [t for t in channel.threads if t.id == thread_id]
    return found


def lobby_in(channel, thread_id: int):
    (lobby,) = [m for m in thread(channel, thread_id).history() if m.embeds]
    return lobby


async def play(
    env, channel, members, thread_id: int, winner: int | None, *, ai_took: int | None = None
) -> None:
    """The table's host starts its lobby; the game then ends with ``winner`` winning (the
    game as played is not what these tests are about:
    tests/cogs/loveletter/test_full_games.py). With ``ai_took``, the turn timer had handed that
    player's seat to an AI first."""
    storage = env.bot.storage
    game = await storage.get_game_in_channel(thread_id)
    assert game is not None and game.status == "lobby"
    (host,) = [m for m in members if m.id == game.host_id]
    lobby = lobby_in(channel, thread_id)
    (start,) = [c for c in flat(raw_components(lobby)) if c.get("label") in ("Start", "Starten")]
    await host.click(lobby, custom_id=start["custom_id"])
    game = await storage.get_game(game.id)
    assert game.status == "running"
    if ai_took is not None:
        await storage.set_seat_ai(game.id, str(ai_took), "standard")
    ids = [s.player_id for s in game.seats]
    won = (str(winner),) if winner is not None else ()
    end = GameEnd(won, {p: {"games_won": 0} for p in ids}, {p: {"tally": 1} for p in ids})
    await storage.save_move(game.id, game.version, game.state or "{}", {}, ids[0], game_end=end)
    env.bot.service.forget(game.id)


async def test_a_swiss_tournament_of_8_over_3_rounds_with_a_forfeit_and_a_restart(
    simcord_env,
) -> None:
    env = simcord_env
    channel, boss, members, message = await signed_up(
        env, 8, game="loveletter", format="swiss", seats=2, rounds=3
    )
    ids = [m.id for m in members]
    assert message.embeds[0].title == "Tournament 1 — Love Letter"
    signup = channel.history()[0]
    assert "8 players signed up:" in signup.embeds[0].description
    left = await members[7].click(signup, label="Withdraw")  # and back: before the start
    assert left.response.content == "You are no longer signed up for tournament 1."
    await members[7].click(signup, label="Sign up")
    refused = await members[0].click(signup, label="Start")
    assert refused.ephemeral and refused.response.content.startswith("Only the organiser")
    started = await boss.click(signup, label="Start")
    assert started.response.content == "Tournament 1 has started: round 1 is being set up."

    met: set[frozenset[int]] = set()
    rounds: list[list[tuple[tuple[int, ...], int]]] = []
    for number in (1, 2, 3):
        lines = pairings(channel, number)
        tables = tables_of(lines)
        rounds.append(tables)
        assert len(tables) == 4 and sorted(p for t, _ in tables for p in t) == sorted(ids)
        for players, thread_id in tables:
            assert frozenset(players) not in met  # no rematch in a Swiss of 8 over 3 rounds
            met.add(frozenset(players))
            lobby = lobby_in(channel, thread_id)
            assert lobby.content.startswith(f"Tournament 1, round {number}, table")
            assert f"<@{players[0]}> starts the game with **Start**" in lobby.content
            game = await env.bot.storage.get_game_in_channel(thread_id)
            assert [s.user_id for s in game.seats] == list(players)  # seats pre-filled
        if number == 1:  # the host of each table wins; table 4's winner had left to an AI
            for i, (players, thread_id) in enumerate(tables):
                took = players[0] if i == 3 else None
                await play(env, channel, members, thread_id, players[0], ai_took=took)
        elif number == 2:  # two tables, then the bot restarts in the middle of the round
            for players, thread_id in tables[:2]:
                await play(env, channel, members, thread_id, players[0])
            await env.restart_bot(seeded(create_bot(env.bot.settings)))
            await env.advance_time(61)
            assert len(posted(channel, "Tournament 1 — Love Letter — standings")) == 1
            await play(env, channel, members, tables[2][1], tables[2][0][1])
            # Table 4 is ended by a manager without a result: both lose by forfeit.
            ended = await boss.slash(thread(channel, tables[3][1]), "loveletter end")
            assert "ended" in ended.response.content
        else:
            for players, thread_id in tables:
                await play(env, channel, members, thread_id, players[0])
        await env.advance_time(61)
        if number < 3:
            standing = posted(
                channel, f"Tournament 1 — Love Letter — standings after round {number}"
            )
            assert len(standing) == 1
            assert standing[0].content == f"Round {number} is over; round {number + 1} follows."

    r1 = rounds[0]
    forfeited = r1[3][0][0]  # left their seat to an AI, which won: the opponent wins
    (final,) = posted(channel, "Tournament 1 — Love Letter — final ranking")
    assert final.content == "Tournament 1 is over. Thank you for playing!"
    lines = final.embeds[0].description.splitlines()
    assert len(lines) == 8 and lines[0].startswith("🥇 <@") and lines[1].startswith("🥈")
    assert all("Buchholz" in x for x in lines)
    by_user = {int(MENTION.findall(x)[0]): x for x in lines}
    r2 = rounds[1]
    for player in r2[3][0]:  # the table ended without a result: a loss for both
        assert player not in (r2[0][0][0], r2[1][0][0])
    wins = dict.fromkeys(ids, 0)
    wins[r1[3][0][1]] += 1  # by forfeit
    for players, _ in r1[:3] + r2[:2] + rounds[2]:
        wins[players[0]] += 1
    wins[r2[2][0][1]] += 1
    for player, count in wins.items():
        shown = f"{count} point" if count == 1 else f"{count} points"
        assert f"— {shown} ·" in by_user[player], by_user[player]
    assert wins[forfeited] == sum(1 for r in rounds[1:] for t, _ in r if t[0] == forfeited)
    best = max(wins.values())
    assert wins[int(MENTION.findall(lines[0])[0])] == best == 3
    tournament = await env.bot.storage.require_tournament(1)
    assert tournament.status == "finished"


async def test_a_round_robin_of_4_meets_everyone_once(simcord_env) -> None:
    env = simcord_env
    channel, boss, members, message = await signed_up(
        env, 4, game="adventure", format="roundrobin", seats=2
    )
    await boss.click(message, label="Start")
    met = []
    for number in (1, 2, 3):
        tables = tables_of(pairings(channel, number))
        assert len(tables) == 2
        met += [frozenset(t) for t, _ in tables]
        for players, thread_id in tables:
            await play(env, channel, members, thread_id, min(players))  # the earlier sign-up wins
        await env.advance_time(61)
    assert sorted(met, key=sorted) == sorted(
        (frozenset((a.id, b.id)) for i, a in enumerate(members) for b in members[i + 1 :]),
        key=sorted,
    )
    (final,) = posted(channel, "Tournament 1 — The Hobbit Adventure Boardgame — final ranking")
    lines = final.embeds[0].description.splitlines()
    assert [int(MENTION.findall(x)[0]) for x in lines] == sorted(m.id for m in members)
    assert lines[0] == f"🥇 <@{min(m.id for m in members)}> — 3 points · head-to-head 0 · 3 wins"
    status = await members[0].slash(channel, "tabletop tournament status", number=1)
    assert status.ephemeral and "head-to-head" in status.response.embeds[0].description


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            {"game": "loveletter", "seats": 2, "rounds": 0},
            "A tournament has 1 to 15 rounds, not 0.",
        ),
        ({"game": "loveletter", "seats": 9}, "Love Letter seats 2 to 8 players a table, not 9."),
        ({"game": "chess", "seats": 2}, "There is no game 'chess'; choose"),
        ({"game": "adventure", "seats": 5}, "The Hobbit Adventure Boardgame seats 2 to 4"),
    ],
)
async def test_bad_input_is_one_line_and_nothing_is_stored(simcord_env, options, said) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    boss = manager(simcord_env, guild)
    res = await boss.slash(channel, "tabletop tournament new", format="swiss", **options)
    assert res.ephemeral
    text = res.response.content
    assert text.startswith(said) and text.endswith("Nothing was changed.") and "\n" not in text
    assert await simcord_env.bot.storage.tournaments_in(guild.id, open_only=False) == []


async def test_only_managers_open_tournaments(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    (command,) = [c for c in await simcord_env.bot.tree.fetch_commands() if c.name == "tabletop"]
    guild.set_command_permissions(command, {ann: True})
    res = await ann.slash(
        channel, "tabletop tournament new", game="loveletter", format="swiss", seats=2
    )
    assert res.ephemeral
    assert res.response.content == "Only members with **Manage Server** can open a tournament here."
    assert await simcord_env.bot.storage.tournaments_in(guild.id, open_only=False) == []


async def test_on_a_german_server_the_tournament_is_in_german(simcord_env, monkeypatch) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    boss = manager(env, guild)
    ann, bob, cid = (guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cid"))
    with client_locales(monkeypatch, {boss.id: "de", ann.id: "de"}):
        bad = await boss.slash(
            channel, "tabletop tournament new", game="loveletter", format="roundrobin", seats=3
        )
        assert bad.response.content == (
            "Jeder gegen jeden wird zu zweit gespielt: seats muss 2 sein. Es wurde nichts geändert."
        )
        res = await boss.slash(
            channel, "tabletop tournament new", game="loveletter", format="swiss", seats=2, rounds=2
        )
        message = res.response.message
        assert message.embeds[0].title == "Turnier 1 — Love Letter"
        assert message.embeds[0].description.startswith(
            f"Schweizer System, 2 Personen an einem Tisch, 2 Runden; keine KI-Plätze."
            f" Turnierleitung: <@{boss.id}>."
        )
        joined = await ann.click(message, label="Anmelden")
        assert joined.response.content == "Du bist für Turnier 1 angemeldet."
        await bob.click(message, label="Anmelden")
        await cid.click(message, label="Anmelden")
        await boss.click(message, label="Starten")
    lines = pairings_de(channel, 1)
    assert lines[-1].startswith("Freilos (ein Sieg): <@")  # three players: one bye
    ((players, thread_id),) = tables_of_de(lines)
    lobby = lobby_in(channel, thread_id)
    assert lobby.content.startswith("Turnier 1, Runde 1, Tisch 1: ")
    assert lobby.content.endswith("startet das Spiel mit **Starten**, sobald alle da sind.")
    await play(env, channel, [ann, bob, cid], thread_id, players[0])
    await env.advance_time(61)
    (after,) = posted(channel, "Turnier 1 — Love Letter — Stand nach Runde 1")
    assert after.content == "Runde 1 ist vorbei; es folgt Runde 2."
    assert all(" Punkt" in x and "Buchholz" in x for x in after.embeds[0].description.splitlines())
    assert "— 1 Punkt · Buchholz 0 · 1 Sieg" in after.embeds[0].description
    with client_locales(monkeypatch, {cid.id: "de"}):
        status = await cid.slash(channel, "tabletop tournament status")
        assert "Runde 2 von 2 wird gespielt:" in status.response.embeds[0].description


def pairings_de(channel, number: int) -> list[str]:
    (message,) = [m for m in posted(channel, "**Turnier") if f"Runde {number} von" in m.content]
    return message.content.splitlines()[1:]


def tables_of_de(lines: list[str]) -> list[tuple[tuple[int, ...], int]]:
    return tables_of([x.replace("Tisch ", "Table ", 1) for x in lines])


async def test_ai_seats_fill_a_short_table_when_the_organiser_allows_them(simcord_env) -> None:
    env = simcord_env
    channel, boss, members, message = await signed_up(
        env, 4, game="loveletter", format="swiss", seats=3, rounds=1, ai=True
    )
    assert "AI seats fill the tables" in message.embeds[0].description
    await boss.click(message, label="Start")
    lines = pairings(channel, 1)
    assert len(lines) == 2 and lines[1].startswith(f"Table 2: <@{members[3].id}> – AI – AI in <#")
    ((_, first), (_, second)) = tables_of(lines)
    short = await env.bot.storage.get_game_in_channel(second)
    assert [s.user_id for s in short.seats] == [members[3].id, None, None]
    assert [s.ai_level for s in short.seats] == [None, "standard", "standard"]
    full = await env.bot.storage.get_game_in_channel(first)
    assert [s.user_id for s in full.seats] == [m.id for m in members[:3]]


async def test_a_round_robin_withdrawal_hands_the_opponents_their_games(simcord_env) -> None:
    env = simcord_env
    channel, boss, members, message = await signed_up(
        env, 3, game="loveletter", format="roundrobin", seats=2
    )
    await boss.click(message, label="Start")
    lines = pairings(channel, 1)
    assert len(lines) == 2 and lines[1].startswith("Bye (a win): <@")  # three: a bye a round
    ((players, thread_id),) = tables_of(lines)
    (gone,) = [m for m in members if m.id == players[1]]
    out = await gone.slash(channel, "tabletop tournament withdraw")
    assert out.ephemeral and out.response.content.startswith(
        "You have withdrawn from tournament 1: from the next round on you are not paired"
    )
    await play(env, channel, members, thread_id, players[1])  # their table goes on: they win
    await env.advance_time(61)
    status = await gone.slash(channel, "tabletop tournament status")
    assert "Round 2 of 3 is being played" in status.response.embeds[0].description
    later = []
    for number in (2, 3):
        lines = pairings(channel, number)
        later += lines
        for players, thread_id in tables_of(lines):
            await play(env, channel, members, thread_id, players[0])
        await env.advance_time(61)
    forfeits = [x for x in later if x.startswith("Won by forfeit")]
    assert len(forfeits) == 1 and f"(against <@{gone.id}>, who withdrew)" in forfeits[0]
    assert all(f"<@{gone.id}>" not in x for x in later if x.startswith(("Table", "Bye")))
    (final,) = posted(channel, "Tournament 1 — Love Letter — final ranking")
    (line,) = [x for x in final.embeds[0].description.splitlines() if f"<@{gone.id}>" in x]
    assert "— 1 point ·" in line and line.endswith("· 1 win")  # round 1's, and no more


async def test_the_game_option_offers_the_games_as_you_type(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    boss = manager(simcord_env, guild)
    offered = await boss.autocomplete(channel, "tabletop tournament new", "game", "hob")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("The Hobbit Adventure Boardgame", "adventure")
    ]
    every = await boss.autocomplete(channel, "tabletop tournament new", "game", "")
    assert sorted(c["value"] for c in every) == ["adventure", "loveletter"]
