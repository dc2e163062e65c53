"""`/adventure rules card:` for a player whose Discord is German (issue 36): typing a card's
German name finds it in the autocomplete and as a typed name, through the real command tree
in SimCord. (Which language the answer is written in is the locale routing's: either
language's card help of the Lantern is accepted here.)"""

from __future__ import annotations

import pytest

from bot.games.adventure.text.cards import card_help
from bot.i18n import use_locale
from tests.cogs.locales import client_locales


async def test_a_german_player_finds_the_lantern_as_laterne(
    simcord_env, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("abenteuer")
    ann = guild.add_member(simcord_env.create_user("ann"))
    with client_locales(monkeypatch, {ann.id: "de"}):
        choices = await ann.autocomplete(channel, "adventure rules", "card", "Later")
        assert [c["value"] for c in choices] == ["equipment:lantern"]
        assert choices[0]["name"] in ("Laterne (Ausrüstung)", "Lantern (Equipment)")
        trolls = await ann.autocomplete(channel, "adventure rules", "card", "höhlentroll")
        assert {c["value"] for c in trolls} == {"peril:cave_troll", "danger:cave_troll"}
        typed = await ann.slash(channel, "adventure rules", card="Laterne")
    with use_locale("de"):
        german = card_help("equipment", "lantern")
    assert typed.response.flags.ephemeral
    assert typed.response.content in (german, card_help("equipment", "lantern"))
