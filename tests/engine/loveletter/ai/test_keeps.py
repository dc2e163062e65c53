"""The expert's own later turns in its playouts keep what the expert would keep (`keeps`).

The rules of thumb play a Guardswoman at once; the expert, searching, often holds it back for
a turn when it will know more, and its playouts now play its own later turns that way too.
Only the expert's own seat gets the bonuses, only at two players: the standard level and the
simulated opponents play as before.
"""

from __future__ import annotations

import random

import engine.loveletter as engine
from engine.loveletter.ai import choose, standard
from engine.loveletter.ai.keeps import KEEPS, own_keeps
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import stacked

GW = "guardswoman"


def _guard_and_priest() -> engine.GameState:
    return stacked("pegasus", {"ann": GW, "bob": "baron"}, ["priest", "handmaid", "king"], "ann")


def test_peg_9_with_the_keep_bonus_the_priest_goes_first_and_the_guardswoman_waits() -> None:
    state = _guard_and_priest()
    view = engine.player_view(state, "ann")
    legal = engine.legal_moves(state)
    plain = standard.sane(view, legal, random.Random(0))
    kept = standard.sane(view, legal, random.Random(0), own_keeps("pegasus", 2))
    assert isinstance(plain, Play) and plain.card == GW
    assert kept == Play("ann", "priest", "bob")


def test_the_standard_level_itself_still_plays_the_guardswoman_first() -> None:
    state = _guard_and_priest()
    view = engine.player_view(state, "ann")
    move = choose("standard", view, engine.legal_moves(state), random.Random(0))
    assert isinstance(move, Play) and move.card == GW


def test_bonuses_apply_at_two_players_only_and_name_only_real_cards() -> None:
    assert own_keeps("pegasus", 3) is None and own_keeps("hobbit", 4) is None
    for edition, bonus in KEEPS.items():
        assert own_keeps(edition, 2) is bonus
        cards = {c.id for c in engine.edition(edition).cards}
        assert set(bonus) <= cards, edition
