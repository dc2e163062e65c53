"""Every AI move is one of the legal moves, at every table size of every edition."""

from __future__ import annotations

import random

import pytest

import engine.loveletter as engine
from engine.loveletter.ai import LEVELS, choose
from tests.engine.loveletter.ai.positions import TABLES, positions


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_novice_and_standard_moves_are_legal_in_every_edition(edition: str, players: int) -> None:
    rng = random.Random(5)
    checked = 0
    for state in positions(edition, players, 400, seed=players):
        actor = state.actor
        assert actor is not None
        view = engine.player_view(state, actor)
        legal = engine.legal_moves(state)
        for level in ("novice", "standard"):
            assert choose(level, view, legal, rng) in legal
            checked += 1
    assert checked == 800


@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_expert_moves_are_legal_and_repeatable(edition: str, players: int) -> None:
    for n, state in enumerate(positions(edition, players, 80, seed=100 + players)):
        if n % 12:
            continue
        actor = state.actor
        assert actor is not None
        view = engine.player_view(state, actor)
        legal = engine.legal_moves(state)
        move = choose("expert", view, legal, random.Random(n))
        assert move in legal
        assert choose("expert", view, legal, random.Random(n)) == move


def test_unknown_level_is_refused_with_the_levels_named() -> None:
    state = engine.new_game("l5r", ["a", "b"], random.Random(1))
    view = engine.player_view(state, "a")
    with pytest.raises(ValueError, match="novice, standard, expert"):
        choose("grandmaster", view, engine.legal_moves(state), random.Random(1))
    assert LEVELS == ("novice", "standard", "expert")


def test_choose_refuses_an_empty_move_list() -> None:
    state = engine.new_game("l5r", ["a", "b"], random.Random(1))
    with pytest.raises(ValueError, match="no legal move"):
        choose("novice", engine.player_view(state, "a"), [], random.Random(1))
