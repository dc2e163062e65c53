"""The expert searches only the likeliest guesses at each target (HOB-11, L5R-10, PEG-10).

Guesses at one target differ in little but their chance to hit, so the expert keeps the
`GUESSES` likeliest (by its weighted picture of the target's hand) and spends its search
budget on those; every other move stays a candidate.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter.ai import expert, standard
from engine.loveletter.ai.inference import weights
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.ai.sanity import sensible
from engine.loveletter.moves import Play
from tests.engine.loveletter.ai.positions import TABLES, play, positions, stacked

GW = "guardswoman"


@settings(max_examples=80, deadline=None)
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32), skip=st.integers(0, 40))
def test_c_guesses_kept_are_the_likeliest_hits_and_nothing_else_is_dropped(
    table: tuple[str, int], seed: int, skip: int
) -> None:
    edition, players = table
    state = list(positions(edition, players, skip + 1, seed=seed))[-1]
    me = state.actor
    assert me is not None
    view = engine.player_view(state, me)
    k = analyse(view)
    likely = weights(view, k) if players <= expert.INFER_SEATS else None
    order = standard.ranked(view, sensible(view, engine.legal_moves(state), k), random.Random(0), k)
    kept = expert._likeliest_guesses(order, k, likely)
    assert [m for m in order if m in kept] == kept  # the rules of thumb's order is kept
    dropped = [m for m in order if m not in kept]
    for m in dropped:
        assert isinstance(m, Play) and m.guess is not None and m.target is not None
        same = [g for g in kept if isinstance(g, Play) and (g.card, g.target) == (m.card, m.target)]
        assert len(same) == expert.GUESSES
        hit = expert._hand_chances(k, m.target, likely.get(m.target) if likely else None)
        worst_kept = min(k.chance_named(hit, g.guess) for g in same)
        assert k.chance_named(hit, m.guess) <= worst_kept


def test_peg_10_a_value_seen_with_the_priest_is_among_the_guesses_searched() -> None:
    """Ann saw Bob's Countess: her Guardswoman names 7 (it hits for sure), the only guess at
    Bob left to search (`sanity`: no other value at a hand the view proves)."""
    state = stacked("pegasus", {"ann": "priest", "bob": "countess"}, [GW, "priest", "baron"], "ann")
    state = play(state, Play("ann", "priest", "bob"), Play("bob", "priest", "ann"))
    view = engine.player_view(state, "ann")
    legal = engine.legal_moves(state)
    k = analyse(view)
    order = standard.ranked(view, sensible(view, legal, k), random.Random(0), k)
    kept = expert._likeliest_guesses(order, k, weights(view, k))
    guesses = [m.guess for m in kept if isinstance(m, Play) and m.card == GW]
    assert guesses == [7]
    for seed in range(3):
        move = expert.choose(view, legal, random.Random(seed))
        assert move == Play("ann", GW, "bob", guess=7)
