"""Opponent model: the card an opponent kept is weighted by the play they chose instead."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import engine.loveletter as engine
from engine.loveletter import events as E
from engine.loveletter.ai.determinise import sample_state
from engine.loveletter.ai.inference import (
    FORBIDDEN,
    _last_play,
    _likelihoods,
    _view_before,
    weights,
)
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import play, stacked

GW = "guardswoman"


def _bob_played_prince_on_ann() -> engine.GameState:
    state = stacked(
        "pegasus",
        {"ann": "handmaid", "bob": "baron"},
        [GW, "prince", "priest", GW, "countess"],
        "ann",
    )
    return play(state, Play("ann", GW, "bob", guess=2), Play("bob", "prince", "ann"))


def test_peg_4_a_player_who_played_a_prince_cannot_be_keeping_the_countess() -> None:
    view = engine.player_view(_bob_played_prince_on_ann(), "ann")
    k = analyse(view)
    assert k.unseen["countess"] == 1  # ann has not seen it: only the model rules it out
    w = weights(view, k)["bob"]
    assert w["countess"] == pytest.approx(FORBIDDEN)
    assert max(v for c, v in w.items() if c != "countess") == pytest.approx(1.0)  # looked best


def test_no_evidence_about_a_hand_that_changed_since_the_last_play() -> None:
    state = stacked("pegasus", {"ann": "prince", "bob": "baron"}, [GW, "priest", "handmaid"], "ann")
    state = play(state, Play("ann", GW, "bob", guess=2), Play("bob", "priest", "ann"))
    assert _last_play(engine.player_view(state, "ann").log, "bob") is not None
    state = play(state, Play("ann", "prince", "bob"))  # bob discards the Baron and draws
    assert _last_play(engine.player_view(state, "ann").log, "bob") is None
    view = engine.player_view(state, "bob")
    assert "ann" in weights(view, analyse(view))  # ann kept her card after the Prince


def test_sampled_hands_follow_the_weights() -> None:
    view = engine.player_view(_bob_played_prince_on_ann(), "ann")
    k = analyse(view)
    w = weights(view, k)
    rng = random.Random(3)
    plain = Counter(sample_state(view, k, rng).players[1].hand[0] for _ in range(400))
    weighted = Counter(sample_state(view, k, rng, w).players[1].hand[0] for _ in range(400))
    assert plain["countess"] > 10
    assert weighted["countess"] <= 2


def test_c_10_an_opponents_rebuilt_view_holds_only_what_they_were_shown() -> None:
    """The model judges bob's play from bob's picture, not from ann's private events."""
    state = stacked(
        "pegasus",
        {"ann": "priest", "bob": "baron", "carl": "king"},
        ["handmaid", GW, "prince", "countess"],
        "ann",
    )
    state = play(state, Play("ann", "priest", "carl"), Play("bob", GW, "carl", guess=6))
    view = engine.player_view(state, "ann")
    at = _last_play(view.log, "bob")
    assert at is not None
    mine = [e for e in view.log[:at] if not e.visible_to("bob")]
    assert any(isinstance(e, E.HandSeen) for e in mine)  # ann saw carl's King
    rebuilt = _view_before(view, "bob", at)
    assert all(e.visible_to("bob") for e in rebuilt.log)
    assert [e for e in view.log[:at] if e.audience is None] == list(rebuilt.log)


def test_peg_4_an_earlier_prince_still_counts_against_the_countess() -> None:
    """Every play since the deal counts, not only the last: bob's Prince on his first turn
    proves he did not keep the Countess then, so he can hold her now only if he drew her
    on his second turn and played the card he had kept."""
    state = stacked(
        "pegasus",
        {"ann": "handmaid", "bob": "prince", "carl": "priest"},
        ["baron", "baron", "handmaid", "priest", "handmaid", GW],
        "ann",
    )
    state = play(
        state,
        Play("ann", "handmaid"),
        Play("bob", "prince", "carl"),
        Play("carl", "priest", "bob"),
        Play("ann", "handmaid"),
        Play("bob", GW, "carl", guess=8),
    )
    view = engine.player_view(state, "ann")
    k = analyse(view)
    at = _last_play(view.log, "bob")
    assert at is not None
    last = view.log[at]
    assert isinstance(last, E.CardPlayed)
    alone = _likelihoods(view, k, "bob", at, last, dict.fromkeys(k.unseen, 1.0))
    w = weights(view, k)["bob"]
    # Against the Princess (as unlikely as the Countess by the last play alone), the
    # Countess loses by the first play.
    by_last = alone["countess"] / alone["princess"]
    assert w["countess"] / w["princess"] < 0.5 * by_last
