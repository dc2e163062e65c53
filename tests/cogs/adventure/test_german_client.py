"""A player whose Discord speaks German plays Adventure turns: their pack, its controls and the
answers to their clicks are German, the English player beside them still reads English, and
the leak check holds with the German names of the secret cards too (issue 36)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games.adventure.text.names import card_name
from bot.i18n import _, use_locale
from engine.adventure.riddles import BY_ID
from tests.cogs.adventure import driver
from tests.cogs.adventure.driver import AdvGame, open_adventure
from tests.cogs.driver import message_text
from tests.cogs.locales import client_locales


def _both_languages(original: Any) -> Any:
    """The leak check's patterns for a secret card, in English and in German."""

    def patterns(cid: str) -> list[re.Pattern[str]]:
        with use_locale("de"):
            german = _(BY_ID[cid].text)[:40] if cid in BY_ID else card_name(cid)
        extra = re.escape(german) if cid in BY_ID else rf"\b{re.escape(german)}\b"
        return [*original(cid), re.compile(extra)]

    return patterns


async def _decide(g: AdvGame, actor: Any) -> list[str]:
    """`actor` opens their pack from the table and clicks until one decision is made; the
    texts of the pack messages they were shown."""
    res = await g.step(actor.click(g.table(), custom_id=f"adv:pack:{g.game_id}"))
    message, shown = res.response, [message_text(res.response.message)]
    version = (await g.record()).version
    for _unused in range(40):
        if (await g.record()).version != version:
            return shown
        res = await g.step(g.click_something(actor, message))
        message = res.response or message
        shown.append(message_text(message.message))
    raise AssertionError(f"no decision made: {shown[-1][:500]}")


@pytest.mark.parametrize("seed", [3, 8])
async def test_a_german_client_plays_its_turns_in_german(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    monkeypatch.setattr(driver, "secret_patterns", _both_languages(driver.secret_patterns))
    locales: dict[int, str] = {}
    with client_locales(monkeypatch, locales):
        g = await open_adventure(simcord_env, humans=2, bots=1, seed=seed)
        ann, bob = g.members
        locales[ann.id] = "de"
        german: list[str] = []
        english: list[str] = []
        turns_of_ann = set()
        for _unused in range(400):
            state = await g.state()
            if len(turns_of_ann) >= 2 or state.over:
                break
            awaited = state.pending.player
            if awaited == str(ann.id):
                turns_of_ann.add(state.turn_no)
                german += await _decide(g, ann)
            elif awaited == str(bob.id):
                english += await _decide(g, bob)
            else:
                await g.ai_decides()
    assert turns_of_ann, "Ann never had a turn"
    assert german and all("Dein Rucksack" in t for t in german)
    assert any("➡️ **Deine Entscheidung:**" in t for t in german)
    assert not any("Your pack" in t or "Your decision" in t for t in german)
    assert any("Wirf den Bewegungswürfel" in t or "Reise nach" in t for t in german)
    assert english and all("Your pack" in t for t in english)
    assert not any("Dein Rucksack" in t for t in english)
    assert g.leaks == []


async def test_a_german_client_reads_the_help_and_its_pack_command_in_german(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await open_adventure(simcord_env, humans=2, bots=0, seed=5)
    ann, bob = g.members
    with client_locales(monkeypatch, {ann.id: "de"}):
        rules = await ann.slash(g.channel, "adventure rules", topic="dice")
        pack = await ann.slash(g.channel, "adventure pack")
        english = await bob.slash(g.channel, "adventure rules", topic="dice")
    assert rules.response.flags.ephemeral
    assert rules.response.content.startswith("**Kampfwürfel**\nJeder der drei Kampfwürfel")
    assert "Dein Rucksack" in message_text(pack.response.message)
    assert english.response.content.startswith("**Combat dice**\nEach of the three combat dice")
