"""The expert's playouts: its own later guesses are made as sharp as its inference."""

from __future__ import annotations

import random

import pytest

import engine.loveletter as engine
from engine.loveletter.ai import expert
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import TABLES, positions, stacked

GW = "guardswoman"


def test_peg_10_a_playout_guess_made_right_names_the_value_held() -> None:
    state = stacked("pegasus", {"ann": GW, "bob": "baron"}, ["priest"], "ann")
    legal = engine.legal_moves(state)
    right = expert._named_right(state, Play("ann", GW, "bob", guess=5), legal)
    assert right == Play("ann", GW, "bob", guess=3)


def test_hob_11_a_playout_guess_made_right_names_the_card_not_its_value() -> None:
    state = stacked("hobbit", {"ann": "smaug", "bob": "legolas"}, ["bard"], "ann")
    legal = engine.legal_moves(state)
    right = expert._named_right(state, Play("ann", "smaug", "bob", guess="tauriel"), legal)
    assert right == Play("ann", "smaug", "bob", guess="legolas")


def test_l5r_10_a_guard_cannot_be_named_so_the_guess_stands() -> None:
    state = stacked("l5r", {"ann": "guard", "bob": "guard"}, ["courtier"], "ann")
    legal = engine.legal_moves(state)
    guess = Play("ann", "guard", "bob", guess="princess")
    assert expert._named_right(state, guess, legal) == guess


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_a_guess_made_right_is_legal_and_names_the_held_card(edition: str, players: int) -> None:
    ed = engine.edition(edition)
    checked = 0
    for state in positions(edition, players, 60, seed=players):
        legal = engine.legal_moves(state)
        for move in legal:
            if not (isinstance(move, Play) and move.guess is not None and move.target):
                continue
            right = expert._named_right(state, move, legal)
            held = state.hands[state.seat(move.target)][0]
            named = ed.card(held).value if ed.guess_by_value else held
            assert right in legal
            assert right == move._replace(guess=named) or move._replace(guess=named) not in legal
            checked += 1
    assert checked > 0


def test_sharper_playouts_win_more_rounds_with_a_guard_in_hand() -> None:
    """A playout where my Guardswoman is kept for a later turn hits more often when sharper."""
    state = stacked("pegasus", {"ann": "handmaid", "bob": "king"}, [GW, "priest", "baron"], "ann")
    move = Play("ann", "handmaid")
    worth = {}
    for sharper in (0.0, 1.0):
        worth[sharper] = sum(
            expert._playout(state, move, "ann", random.Random(seed), sharper) for seed in range(40)
        )
    assert worth[1.0] > worth[0.0]
