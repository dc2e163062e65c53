"""Love Letter with German Discord clients, through SimCord: the hand, the choices and the
refusals each player gets are German, whole games still end, and the leak check knows the
German card names (a hidden Zofe must not leak in German either)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.loveletter.editions import edition
from tests.cogs.driver import open_game, play_to_end, text_of
from tests.cogs.locales import client_locales


class Everyone(dict[int, str]):
    """Every user's client in one language (the users are made inside `open_game`)."""

    def __init__(self, locale: str) -> None:
        super().__init__()
        self.locale = locale

    def get(self, key: Any, default: Any = None) -> str:  # type: ignore[override]
        return self.locale


async def test_the_leak_check_flags_a_hidden_cards_german_name(simcord_env) -> None:
    g = await open_game(simcord_env, "pegasus", 4, seed=31)
    state = await g.state()
    ann = g.members[0]
    known = g.knowledge([state], [], str(ann.id))
    hidden = next(
        c
        for c in edition("pegasus").cards
        if c.id not in known and not c.expansion and c.german != c.name
    )
    g.check_views([state], [])
    assert g.leaks == []
    await g.members[1].send(g.channel, f"psst, oben liegt {hidden.german}")
    g.check_views([state], [])
    assert any(leak.startswith(f"{ann.name} saw {hidden.id}") for leak in g.leaks)


@pytest.mark.parametrize(("ed", "players"), [("pegasus", 4), ("hobbit", 2)])
async def test_a_whole_game_with_german_clients(
    simcord_env, monkeypatch, ed: str, players: int
) -> None:
    with client_locales(monkeypatch, Everyone("de")):
        g = await open_game(simcord_env, ed, players, seed=7)
        await play_to_end(g)
    game = await simcord_env.bot.storage.get_game(g.game_id)
    assert game.status == "finished"
    assert g.leaks == []
    for member in g.members:
        seen = "\n".join(g.seen[member.id].values())
        assert "Deine Hand — " in seen and "**Deine Hand:** " in seen
        assert "Your hand" not in seen
    if ed == "pegasus":
        assert any("Wächterin (1)" in "\n".join(g.seen[m.id].values()) for m in g.members)


async def test_each_player_reads_the_hand_in_their_own_language(simcord_env, monkeypatch) -> None:
    """Ann's Discord is German, Bob's English: each gets the hand in their language."""
    g = await open_game(simcord_env, "pegasus", 2, seed=3)
    ann, bob = g.members
    with client_locales(monkeypatch, {ann.id: "de"}):
        table = g.table()
        german = await ann.click(table, label="My hand")
        english = await bob.click(table, label="My hand")
    ann_text, bob_text = text_of(german.response), text_of(english.response)
    assert "**Deine Hand:** " in ann_text
    assert "**Your hand:** " in bob_text and "Deine Hand" not in bob_text


async def test_a_refused_move_is_explained_in_german(simcord_env, monkeypatch) -> None:
    """The engine's reason reaches a German player in German, the card by its German name."""
    g = await open_game(simcord_env, "pegasus", 2, seed=3)
    state = await g.state()
    actor = g.member(int(state.actor))
    held = state.players[state.active].hand
    missing = next(c for c in edition("pegasus").cards if c.id not in held and not c.expansion)
    with client_locales(monkeypatch, {actor.id: "de"}):
        res = await actor.slash(g.channel, "loveletter play", card=missing.id)
    assert res.ephemeral
    assert res.response.content == f"Du hast {missing.german} nicht auf der Hand"
    assert await g.version() == 0  # nothing changed


async def test_card_suggestions_use_the_german_names(simcord_env, monkeypatch) -> None:
    """A German player typing a card for /loveletter rules or play is offered German names."""
    g = await open_game(simcord_env, "pegasus", 2, seed=3)
    state = await g.state()
    actor = g.member(int(state.actor))
    with client_locales(monkeypatch, {actor.id: "de"}):
        rules = await actor.autocomplete(g.channel, "loveletter rules", "card", "zofe")
        play = await actor.autocomplete(g.channel, "loveletter play", "card", "")
    assert rules == [{"name": "Zofe (4)", "value": "handmaid"}]
    held = state.players[state.active].hand
    german = {edition("pegasus").card(c).german for c in held}
    assert {choice["name"].split(" (")[0] for choice in play} <= german and play


async def test_a_whole_game_on_a_german_server_with_german_clients(
    simcord_env, monkeypatch
) -> None:
    """Issue 36: commands, table, hands and DMs all German when server and players are."""
    with client_locales(monkeypatch, Everyone("de")):
        g = await open_game(simcord_env, "pegasus", 4, seed=7, guild_locale="de")
        table = text_of(g.table())
        await play_to_end(g)
    assert g.leaks == []
    assert "Runde 1" in table and "Round 1" not in table
    final = "\n".join(m.content or "" for m in g.channel.history()) + text_of(g.table())
    assert "gewinnt das Spiel" in final and "wins the game" not in final
    all_dms = ""
    for member in g.members:
        dms = "\n".join(text_of(m) or m.content or "" for m in member.user.dm_channel.history())
        assert "(Spiel 1)" in dms and "(game 1)" not in dms
        assert not re.search(r"\b(Round|round|Your|your|turn|over|has begun)\b", dms), dms
        all_dms += dms
    assert "Runde 1 hat begonnen" in all_dms and "Deine Karte" in all_dms
