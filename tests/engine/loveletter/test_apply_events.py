"""What `apply` must keep doing however it is sped up (issue 44 item 4).

A guess's action is shared by every guesser, so its public event is None and its effect adds
the move's CardPlayed: every action with event None must do so, or a play would go
unannounced. And `apply` looks the next player's legal set up in the memo where it deals
their card: a key that never hits would only cost time, one that hits the wrong entry would
offer the wrong moves; neither shows in a game's events.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter import Play
from engine.loveletter.events import CardPlayed
from engine.loveletter.legal import legal_set
from tests.engine.loveletter.test_properties import COMBOS, PROPS


@pytest.mark.parametrize(("ed", "n"), COMBOS)
@PROPS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_c_10_every_play_starts_with_its_public_card_played(
    ed: str, n: int, seed: int, pick: int
) -> None:
    """C-3.4, C-10: a card is played face up, and who played what, on whom, naming what is
    announced: the first event of every applied Play, whatever the card does next."""
    names = [f"p{i}" for i in range(n)]
    s = engine.new_game(ed, names, random.Random(seed))
    rng = random.Random(pick)
    while not s.game_over:
        move = rng.choice(engine.legal_moves(s))
        s, events = engine.apply(s, move)
        if type(move) is Play:
            chosen = move.targets or ((move.target,) if move.target else ())
            assert events[0] == CardPlayed(move.player, move.card, chosen, move.guess)


@pytest.mark.parametrize(("ed", "n"), [("hobbit", 4), ("l5r", 3), ("pegasus", 2), ("pegasus", 6)])
def test_apply_prefills_the_next_players_legal_set(ed: str, n: int) -> None:
    """On a mid-round turn whose legal set the memo holds, `apply` hands it on (`legal`),
    and it is the set a fresh `legal_set` makes of that state with an empty memo."""
    s = engine.new_game(ed, [f"p{i}" for i in range(n)], random.Random(5))
    rng = random.Random(6)
    checked = 0
    while not s.game_over and checked < 60:
        move = rng.choice(engine.legal_moves(s))
        after, _ = engine.apply(s, move)
        engine.legal_moves(after)  # the memo now holds the next player's legal set
        again, _ = engine.apply(s, move)
        if after.round_no == s.round_no and not after.game_over and after.pending is None:
            assert again.legal is not None, "apply's memo key missed a set the memo holds"
            fresh = again.clone()
            fresh.rd = fresh.rd.copy()
            fresh.rd.legal = {}  # an empty memo: the set is made anew, not looked up
            assert again.legal == legal_set(fresh, keep=False)
            checked += 1
        s = after
    assert checked >= 20
