"""In Discord, a German player's journey reads as German sentences (issue 36): the answer to
their travel click says "Du bist von Hobbingen zum Alten Wald gezogen", the place with its
article and case, as the catalogue gives it per place (bot/games/adventure/text/places.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.games.adventure.test_places_german import GERMAN
from tests.cogs.adventure.driver import AdvGame, open_adventure
from tests.cogs.driver import message_text
from tests.cogs.locales import client_locales


async def _travel(g: AdvGame, actor: Any) -> tuple[str, list[str]]:
    """`actor` opens their pack and clicks until their hobbit has left its place; where it
    went and the texts of every message they were shown."""
    start = (await g.state()).hobbits[str(actor.id)].place
    res = await g.step(actor.click(g.table(), custom_id=f"adv:pack:{g.game_id}"))
    message, shown = res.response, [message_text(res.response.message)]
    for _unused in range(40):
        now = (await g.state()).hobbits[str(actor.id)].place
        if now != start:
            return now, shown
        res = await g.step(g.click_something(actor, message))
        message = res.response or message
        shown.append(message_text(message.message))
    raise AssertionError(f"no journey: {shown[-1][:500]}")


@pytest.mark.parametrize("seed", [8])
async def test_a_german_players_journey_reads_with_article_and_case(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    locales: dict[int, str] = {}
    with client_locales(monkeypatch, locales):
        g = await open_adventure(simcord_env, humans=2, bots=0, seed=seed)
        ann, bob = g.members
        locales[ann.id] = "de"
        for _unused in range(40):
            state = await g.state()
            if state.pending.player == str(ann.id) and state.pending.kind in ("roll", "travel"):
                start = state.hobbits[str(ann.id)].place
                to, shown = await _travel(g, ann)
                break
            await g.play_one_decision()
        else:
            raise AssertionError("Ann never travelled")
    said = f"Du bist {GERMAN[start][1]} {GERMAN[to][0]} gezogen"
    assert GERMAN[to][0].startswith(("zu", "zum", "zur")), "a journey that shows no article"
    assert any(said in text for text in shown), said
