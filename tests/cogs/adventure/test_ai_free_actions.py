"""ADV-11 in Discord: an AI hobbit takes a free action out of turn where it pays (a heal when
nearly out), while a human's decision is awaited; the human's turn goes on unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.adventure import GAME
from engine.adventure.scenario import build
from tests.cogs.adventure.driver import AdvGame
from tests.cogs.driver import text_of


async def _ann_and_a_hurt_ai(env: Any, monkeypatch: pytest.MonkeyPatch) -> AdvGame:
    """ann (human, first to move) and an AI hobbit with 2 LP and Athelas."""
    guild = env.create_guild()
    channel = guild.create_text_channel("adventures")
    ann = guild.add_member(env.create_user("ann"))

    def create(variant: str, players: Any, options: Any, rng: Any, **_: Any) -> Any:
        ai = next(p for p in players if p != str(ann.id))
        setup = {"seed": 3, "hobbits": {ai: {"lp": 2, "cards": ["athelas"]}}}
        return build(setup, list(players), str(ann.id))

    monkeypatch.setattr(GAME, "create", create)
    g = AdvGame(env, channel, [ann], random.Random(1))
    g.watch()
    lobby = (await ann.slash(channel, "adventure new", timer=0)).response
    await ann.slash(channel, "adventure addbot")
    await ann.click(lobby, label="Start")
    g.game_id = (await env.bot.storage.get_game_in_channel(channel.id)).id
    return g


async def test_adv_11_an_ai_hobbit_heals_out_of_turn_while_a_human_decides(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = await _ann_and_a_hurt_ai(simcord_env, monkeypatch)
    ann = g.members[0]
    state = await g.state()
    ai = next(p for p in state.hobbits if p != str(ann.id))
    await g.ai_decides()
    state = await g.state()
    assert state.active == str(ann.id)  # still ann's turn, untouched
    assert state.hobbits[ai].lp == 5  # Athelas drunk out of turn: 2 + 3
    assert "athelas" not in state.hobbits[ai].cards
    assert "Athelas" in text_of(g.table())  # the table says what happened
    pack = (await g.step(ann.click(g.table(), label="My pack"))).response
    await g.step(ann.click(pack, label="Roll the movement die"))  # ann plays on as before
    assert (await g.state()).active == str(ann.id)
