"""A playout's worth: the chance to win the game from the tokens each player holds."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from engine.loveletter.ai.outlook import win_chance

tables = st.integers(2, 6).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.integers(0, 6), min_size=n, max_size=n))
)


@given(tables)
def test_the_chances_of_all_players_add_up_to_one(table: tuple[int, list[int]]) -> None:
    n, tokens = table
    target = 7
    assert math.isclose(sum(win_chance(tokens, i, target) for i in range(n)), 1.0)


@given(tables, st.integers(1, 6))
def test_c_9_the_chances_add_up_to_one_when_several_reach_the_target(
    table: tuple[int, list[int]], target: int
) -> None:
    n, tokens = table
    assert math.isclose(sum(win_chance(tokens, i, target) for i in range(n)), 1.0)


def test_c_9_a_tie_at_the_target_is_a_deciding_round_not_a_win() -> None:
    assert math.isclose(win_chance([5, 5], 0, 5), 0.5)
    assert math.isclose(win_chance([3, 3, 3, 1], 1, 3), 1 / 3)
    assert win_chance([4, 5], 0, 4) == 0.0  # reached the target, but someone has more


@given(tables)
def test_a_token_more_never_lowers_my_chance(table: tuple[int, list[int]]) -> None:
    _, tokens = table
    more = [tokens[0] + 1, *tokens[1:]]
    assert win_chance(more, 0, 7) >= win_chance(tokens, 0, 7)


def test_equal_tallies_give_a_fair_share() -> None:
    assert math.isclose(win_chance([2, 2], 0, 7), 0.5)
    assert math.isclose(win_chance([1, 1, 1, 1], 2, 4), 0.25)


def test_a_won_game_is_certain_either_way() -> None:
    assert win_chance([7, 3], 0, 7) == 1.0
    assert win_chance([3, 7], 0, 7) == 0.0


def test_the_round_that_decides_the_game_weighs_most() -> None:
    """With both one token from the target, a round's result swings the chance most."""
    late = win_chance([7, 6], 0, 7) - win_chance([6, 7], 0, 7)
    early = win_chance([1, 0], 0, 7) - win_chance([0, 1], 0, 7)
    far_ahead = win_chance([6, 1], 0, 7) - win_chance([5, 2], 0, 7)
    assert late == 1.0
    assert early < 0.3
    assert far_ahead < early
