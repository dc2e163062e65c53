"""The standard AI's rules of thumb: counted guesses, keeping the Princess, the Bishop call."""

from __future__ import annotations

import random

import pytest

import engine.loveletter as engine
from engine.loveletter.ai import choose
from engine.loveletter.cards import Kind
from engine.loveletter.moves import Decide, Play
from tests.engine.loveletter.ai.positions import TABLES, play, positions, stacked

GW = "guardswoman"


def _choose(state: engine.GameState, level: str = "standard", seed: int = 1) -> engine.Move:
    actor = state.actor
    assert actor is not None
    return choose(
        level, engine.player_view(state, actor), engine.legal_moves(state), random.Random(seed)
    )


def test_peg_10_standard_names_the_value_it_saw() -> None:
    state = stacked("pegasus", {"ann": "priest", "bob": "baron"}, [GW, "priest", GW], "ann")
    state = play(state, Play("ann", "priest", "bob"), Play("bob", "priest", "ann"))
    assert _choose(state) == Play("ann", GW, "bob", guess=3)


@pytest.mark.parametrize("level", ["standard", "expert"])
def test_l5r_3_never_discards_its_own_princess_when_it_has_a_choice(level: str) -> None:
    state = stacked("l5r", {"ann": "princess", "bob": "courtier"}, ["hatamoto", "guard"], "ann")
    move = _choose(state, level)
    assert move in engine.legal_moves(state)
    assert move.card == "hatamoto" and move.target == "bob"


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_standard_keeps_its_princess_or_arkenstone_in_random_positions(
    edition: str, players: int
) -> None:
    ed = engine.edition(edition)
    for state in positions(edition, players, 300, seed=3):
        actor = state.actor
        assert actor is not None
        hand = state.players[state.seat(actor)].hand
        fatal = [c for c in hand if ed.card(c).kind is Kind.OUT_IF_DISCARDED]
        legal = engine.legal_moves(state)
        if not fatal or isinstance(legal[0], Decide):
            continue
        safe = [m for m in legal if not _discards(m, fatal[0], actor, ed)]
        move = _choose(state)
        if safe:
            assert not _discards(move, fatal[0], actor, ed), (hand, move)


def _discards(move: engine.Move, card: str, me: str, ed: engine.Edition) -> bool:
    if not isinstance(move, Play):
        return False
    self_discard = ed.card(move.card).kind is Kind.DISCARD_DRAW and move.target == me
    return move.card == card or self_discard


def _bishop_hit(held: str) -> engine.GameState:
    hands = {"ann": "bishop", "bob": held, "cid": GW, "dan": GW, "eve": "baron"}
    state = stacked("pegasus", hands, ["baron", "handmaid"], "ann")
    value = engine.edition("pegasus").card(held).value
    return play(state, Play("ann", "bishop", "bob", guess=value))


def test_peg_11_standard_keeps_a_princess_after_a_bishop_hit() -> None:
    state = _bishop_hit("princess")
    assert state.actor == "bob"
    assert _choose(state) == Decide("bob", "keep")


def test_peg_11_standard_redraws_a_low_card_everyone_now_knows() -> None:
    state = _bishop_hit("priest")
    assert _choose(state) == Decide("bob", "redraw")
