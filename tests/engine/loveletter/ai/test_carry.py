"""The expert's later turns in its playouts guess by the root's weights carried forward.

`carry.carried` takes the weights an opponent's card had at the root (`inference`) on through
the plays since: the card kept after playing x is the one held or the one drawn, so a copy of
c weighs w(c) + w(x). A hand replaced since starts from the count alone.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter.ai import standard
from engine.loveletter.ai.carry import carried
from engine.loveletter.ai.expert import _hand_chances
from engine.loveletter.ai.inference import weights
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import play, positions, stacked

GW = "guardswoman"


@settings(max_examples=25, deadline=None)
@given(edition=st.sampled_from(("hobbit", "l5r", "pegasus")), seed=st.integers(0, 10_000))
def test_with_no_play_since_the_carried_picture_is_the_roots(edition: str, seed: int) -> None:
    for state in positions(edition, 2, 12, seed):
        me = state.actor
        assert me is not None
        view = engine.player_view(state, me)
        k = analyse(view)
        for p, w in weights(view, k).items():
            d = carried(view, k, p, len(view.log), w)
            root = _hand_chances(k, p, w)
            assert d is not None and d.keys() == root.keys()
            for c, x in root.items():
                assert d[c] == pytest.approx(x)


def _bob_missed_and_played() -> engine.GameState:
    """Ann names 2 at Bob and misses; Bob, who kept his card, then plays a Handmaid."""
    state = stacked(
        "pegasus",
        {"ann": GW, "bob": "baron"},
        ["prince", "handmaid", GW, "king"],
        "ann",
    )
    return play(state, Play("ann", GW, "bob", guess=2))


def test_peg_10_a_value_ruled_out_at_the_root_can_come_back_with_the_card_drawn() -> None:
    root = engine.player_view(_bob_missed_and_played(), "ann")
    k0 = analyse(root)
    w = weights(root, k0) or {"bob": dict.fromkeys(k0.dist("bob"), 1.0)}
    assert "priest" not in k0.dist("bob")  # the missed guess rules the Priests out
    later = play(_bob_missed_and_played(), Play("bob", "handmaid"), Play("ann", "prince", "ann"))
    view = engine.player_view(later, "ann")
    k = analyse(view)
    d = carried(view, k, "bob", len(root.log), w["bob"])
    assert d is not None
    # Bob kept the card he held or the one he drew: a Priest may be the one drawn.
    assert d.get("priest", 0.0) > 0.0
    assert sum(d.values()) == pytest.approx(1.0)


def test_a_hand_replaced_since_the_root_starts_from_the_count() -> None:
    state = stacked("pegasus", {"ann": "prince", "bob": "baron"}, [GW, "priest", "handmaid"], "ann")
    root_state = play(state, Play("ann", GW, "bob", guess=2), Play("bob", "priest", "ann"))
    root = engine.player_view(root_state, "ann")
    w = weights(root, analyse(root))["bob"]
    later = play(root_state, Play("ann", "prince", "bob"))  # Bob discards and draws anew
    view = engine.player_view(later, "ann")
    assert carried(view, analyse(view), "bob", len(root.log), w) is None


def test_peg_10_a_later_guess_names_the_value_the_carried_picture_favours() -> None:
    state = stacked("pegasus", {"ann": GW, "bob": "baron"}, ["king", "handmaid"], "ann")
    view = engine.player_view(state, "ann")
    legal = engine.legal_moves(state)
    k = analyse(view)
    favoured = {"prince": 0.9, "baron": 0.1}
    move = standard.sane(view, legal, random.Random(0), None, k, {"bob": favoured})
    assert move == Play("ann", GW, "bob", guess=5)
    plain = standard.sane(view, legal, random.Random(0))
    assert plain != move  # the count alone names another value
