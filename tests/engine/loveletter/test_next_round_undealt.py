"""C-7/C-9: `apply(..., next_round=False)`, for searches that stop at a round's end.

The round ends as usual (tokens, a Jester's payout, a game won) and only the next deal,
deciding round or not, is left out.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.loveletter as engine


@settings(max_examples=25, deadline=None, database=None)
@given(
    ed_n=st.sampled_from(
        [("hobbit", 2), ("hobbit", 4), ("l5r", 2), ("pegasus", 2), ("pegasus", 5), ("pegasus", 8)]
    ),
    seed=st.integers(0, 2**32),
)
def test_c_7_a_round_left_undealt_counts_as_the_dealt_one(ed_n: tuple[str, int], seed: int) -> None:
    ed, n = ed_n
    s = engine.new_game(ed, [f"p{i}" for i in range(n)], random.Random(seed))
    pick = random.Random(seed)
    ends = 0
    while not s.game_over:
        move = pick.choice(engine.legal_moves(s))
        dealt, events = engine.apply(s, move)
        undealt, cut = engine.apply(s, move, next_round=False)
        types = [e.type for e in events]
        if "round_ended" not in types:
            assert (cut, undealt.log, undealt.tokens) == (events, dealt.log, dealt.tokens)
        else:
            ends += 1
            stop = types.index("round_ended") + 1
            assert cut[:stop] == events[:stop]
            assert not {"round_started", "deciding_round"} & {e.type for e in cut}
            assert (undealt.tokens, undealt.game_over, undealt.winner) == (
                dealt.tokens,
                dealt.game_over,
                dealt.winner,
            )
            if dealt.game_over:
                assert cut == events
        s = dealt
    assert ends >= 1
