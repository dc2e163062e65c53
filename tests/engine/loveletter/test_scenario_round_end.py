"""The replay's table at a round end, rebuilt from the last move's events, equals the
engine's own table at that moment (seen by stopping the engine before it deals again)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter.scenario import _table_at_round_end


def truth(before: engine.GameState, move: engine.Move) -> engine.GameState:
    """`apply` with the next round's deal suppressed: the table as the round ended."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(engine.rounds, "start_round", lambda *args, **kwargs: None)
        after, _ = engine.apply(before, move)
    return after


@settings(max_examples=12, deadline=None, database=None)
@given(
    ed_n=st.sampled_from([("hobbit", 3), ("l5r", 2), ("pegasus", 4), ("pegasus", 6)]),
    seed=st.integers(0, 2**32),
)
def test_the_rebuilt_round_end_table_matches_the_engine(ed_n: tuple[str, int], seed: int) -> None:
    ed, n = ed_n
    s = engine.new_game(ed, [f"p{i}" for i in range(n)], random.Random(seed))
    pick = random.Random(seed)
    checked = 0
    while not s.game_over:
        move = pick.choice(engine.legal_moves(s))
        after, events = engine.apply(s, move)
        ended = [i for i, e in enumerate(events) if e.type == "round_ended"]
        if ended and not after.game_over:
            table = _table_at_round_end(s, events[: ended[0]])
            real = truth(s, move)
            assert real.round_no == s.round_no and after.round_no == s.round_no + 1
            for p in real.players:
                row = table[p.id]
                assert sorted(row["hand"]) == sorted(p.hand)
                assert row["discards"] == p.discards
                assert (row["in_round"], row["protected"]) == (p.in_round, p.protected)
            checked += 1
        s = after
    assert checked >= 1
