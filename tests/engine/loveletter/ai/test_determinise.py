"""Sampled worlds keep what the others know: a look at my hand is not forgotten (C-10)."""

from __future__ import annotations

import random

import engine.loveletter as engine
from engine.loveletter.ai.determinise import sample_state
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import play, stacked

GW = "guardswoman"


def test_peg_9_an_opponent_who_saw_my_card_knows_it_in_every_sampled_world() -> None:
    state = stacked("pegasus", {"ann": "baron", "bob": "prince"}, [GW, "priest", "handmaid"], "ann")
    state = play(state, Play("ann", GW, "bob", guess=3), Play("bob", "priest", "ann"))
    view = engine.player_view(state, "ann")
    assert sorted(view.hand) == ["baron", "handmaid"]
    k = analyse(view)
    rng = random.Random(2)
    for _ in range(20):
        world = sample_state(view, k, rng)
        assert analyse(engine.player_view(world, "bob")).known.get("ann") == "baron"
