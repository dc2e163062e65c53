"""An AI cannot peek (C-10): permuting what its view hides never changes its decision.

The hidden parts are the other players' hands, the draw pile and the set-aside card. They
are shuffled among themselves (hand sizes kept); the view stays identical, and so must the
move each level picks with the same generator.
"""

from __future__ import annotations

import random

import pytest

import engine.loveletter as engine
from engine.loveletter.ai import LEVELS, choose
from engine.loveletter.state import GameState
from tests.engine.loveletter.ai.positions import positions


def permute_hidden(state: GameState, me: str, rng: random.Random) -> GameState:
    """The same state with every card `me` cannot see shuffled among the hidden places."""
    st = state.clone()
    st.players = [p.copy() for p in st.players]
    others = [p for p in st.players if p.id != me]
    hidden = [c for p in others for c in p.hand] + list(st.draw_pile)
    if not st.set_aside_used:
        hidden.append(st.set_aside)
    rng.shuffle(hidden)
    for p in others:
        p.hand = [hidden.pop() for _ in p.hand]
    if not st.set_aside_used:
        st.set_aside = hidden.pop()
    st.draw_pile = hidden
    return st


def _cases(edition: str, players: int, count: int, every: int) -> list[GameState]:
    return [
        s
        for n, s in enumerate(positions(edition, players, count, seed=7 * players))
        if n % every == 0
    ]


@pytest.mark.parametrize(
    ("edition", "players"), [("hobbit", 2), ("l5r", 3), ("pegasus", 4), ("pegasus", 7)]
)
@pytest.mark.parametrize("level", LEVELS)
def test_c_10_decision_ignores_hidden_cards(edition: str, players: int, level: str) -> None:
    every = 10 if level == "expert" else 1
    changed = 0
    for n, state in enumerate(_cases(edition, players, 90, every)):
        me = state.actor
        assert me is not None
        other = permute_hidden(state, me, random.Random(n))
        changed += other.draw_pile != state.draw_pile or other.players != state.players
        view = engine.player_view(state, me)
        assert engine.player_view(other, me) == view
        legal = engine.legal_moves(state)
        assert engine.legal_moves(other) == legal
        mine = choose(level, view, legal, random.Random(n))
        assert choose(level, engine.player_view(other, me), legal, random.Random(n)) == mine
    assert changed > 0  # the permutations really moved hidden cards
