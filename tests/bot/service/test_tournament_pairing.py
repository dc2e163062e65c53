"""Tournament pairing and standings (issue 45), as the pure functions they are: every player
plays at most once a round, Swiss avoids rematches whenever a pairing without one exists,
byes go to a player without one, round-robin meets everyone once, and Buchholz is the sum of
the opponents' points."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.tournaments.pairing import meetings, round_robin, round_robin_round, swiss_round
from bot.service.tournaments.service import outcome
from bot.service.tournaments.standings import (
    ROUND_ROBIN,
    SWISS,
    Played,
    buchholz,
    points,
    shown_points,
    standings,
)
from storage.tournaments import TableGame, TableRow

players_st = st.integers(min_value=2, max_value=12).map(lambda n: list(range(1, n + 1)))


def perfect_matching_without_rematch(order: list[int], met) -> bool:
    """Brute force: can ``order`` be split into pairs that never met?"""
    if not order:
        return True
    first = order[0]
    return any(
        not met[frozenset((first, other))]
        and perfect_matching_without_rematch([p for p in order if p not in (first, other)], met)
        for other in order[1:]
    )


@st.composite
def swiss_case(draw):
    order = draw(players_st)
    pairs = list(itertools.combinations(order, 2))
    history = draw(st.lists(st.sampled_from(pairs), max_size=12))
    seats = draw(st.integers(min_value=2, max_value=4))
    ai = draw(st.booleans())
    return order, history, seats, ai


@given(swiss_case())
@settings(max_examples=300, deadline=None)
def test_swiss_seats_everyone_once_a_round(case) -> None:
    order, history, seats, ai = case
    paired = swiss_round(order, history, seats, ai=ai)
    assert sorted(paired.seated()) == sorted(order)  # each exactly once
    assert all(1 <= len(t) <= seats for t in paired.tables)
    assert all(len(t) >= 2 for t in paired.tables) or ai  # alone at a table only with AIs
    assert len(paired.byes) <= 1 and (not paired.byes or not ai)


@given(swiss_case())
@settings(max_examples=300, deadline=None)
def test_swiss_head_to_head_avoids_rematches_when_it_can(case) -> None:
    order, history, _seats, _ai = case
    paired = swiss_round(order, history, 2)
    met = meetings(history)
    rest = [p for p in order if p not in paired.byes]
    rematches = [t for t in paired.tables if met[frozenset(t)]]
    if perfect_matching_without_rematch(rest, met):
        assert rematches == []


@given(players_st, st.data())
@settings(max_examples=100, deadline=None)
def test_the_bye_goes_to_the_lowest_placed_without_one(order, data) -> None:
    if len(order) % 2 == 0:
        order = order[:-1]
    had = set(data.draw(st.lists(st.sampled_from(order), max_size=len(order) - 1)))
    paired = swiss_round(order, [], 2, had_bye=had)
    (bye,) = paired.byes
    assert bye not in had
    assert all(p in had for p in order[order.index(bye) + 1 :])  # everyone below had one


@given(players_st)
@settings(max_examples=60, deadline=None)
def test_round_robin_meets_everyone_once(order) -> None:
    schedule = round_robin(order)
    assert len(schedule) == (len(order) - 1 if len(order) % 2 == 0 else len(order))
    met = [frozenset((a, b)) for rnd in schedule for a, b in rnd if b is not None]
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(order, 2)), key=sorted
    )
    for rnd in schedule:  # at most once a round
        seated = [p for pair in rnd for p in pair if p is not None]
        assert sorted(seated) == sorted(order)


def test_round_robin_with_a_withdrawn_player_gives_the_opponent_a_forfeit_win() -> None:
    order = [1, 2, 3, 4]
    paired, forfeited = round_robin_round(order, 1, out=[4])
    assert forfeited == [(1, 4)] and paired.tables == ((2, 3),)


@st.composite
def histories(draw):
    order = draw(players_st)
    tables = []
    for _ in range(draw(st.integers(0, 6))):
        size = draw(st.integers(1, min(4, len(order))))
        seated = tuple(draw(st.permutations(order))[:size])
        if size == 1:
            tables.append(Played(seated, seated, bye=True))
            continue
        forfeits = tuple(p for p in seated if draw(st.booleans()) and draw(st.booleans()))
        stayed = [p for p in seated if p not in forfeits]
        winners = (
            tuple(draw(st.lists(st.sampled_from(stayed), max_size=2, unique=True)))
            if stayed
            else ()
        )
        tables.append(Played(seated, winners, forfeits))
    return order, tables


@given(histories())
@settings(max_examples=200, deadline=None)
def test_buchholz_sums_the_opponents_points(case) -> None:
    order, history = case
    scores = points(history)
    for player in order:
        opponents = [o for t in history if player in t.players for o in t.players if o != player]
        assert buchholz(player, history, scores) == sum(
            (scores.get(o, Fraction(0)) for o in opponents), Fraction(0)
        )
    ranked = standings(order, history, SWISS, {})
    assert [s.user_id for s in ranked] != [] and sorted(s.user_id for s in ranked) == order
    keys = [(s.points, s.tiebreak) for s in ranked]
    assert keys == sorted(keys, reverse=True)  # points first, then Buchholz
    assert all(s.tiebreak == buchholz(s.user_id, history, scores) for s in ranked)


@given(histories())
@settings(max_examples=100, deadline=None)
def test_points_are_one_a_table_won_and_forfeits_score_nothing(case) -> None:
    _order, history = case
    scores = points(history)
    won = sum(1 for t in history if t.bye or [w for w in t.winners if w not in t.forfeits])
    assert sum(scores.values(), Fraction(0)) == won
    for t in history:  # a forfeit scores nothing at its table
        assert all(points([t]).get(p, 0) == 0 for p in t.forfeits)


def test_round_robin_ties_are_broken_head_to_head() -> None:
    # 1 beat 2, 2 beat 3, 3 beat 1: a circle; 1 and 2 both beat 4; 3 lost to 4.
    history = [
        Played((1, 2), (1,)), Played((2, 3), (2,)), Played((3, 1), (3,)),
        Played((1, 4), (1,)), Played((2, 4), (2,)), Played((3, 4), (4,)),
    ]  # fmt: skip
    ranked = standings([1, 2, 3, 4], history, ROUND_ROBIN, {})
    # 1 and 2 have 2 points each; between them 1 won: 1 first.
    assert [s.user_id for s in ranked][:2] == [1, 2]
    assert ranked[0].tiebreak == 1 and ranked[1].tiebreak == 0


def test_points_are_shown_as_players_write_them() -> None:
    assert shown_points(Fraction(5, 2)) == "2½"
    assert shown_points(Fraction(1, 2)) == "½"
    assert shown_points(Fraction(3)) == "3"
    assert shown_points(Fraction(2, 5), ",") == "0,40"


def table(players, ai_seats=0):
    return TableRow(1, 1, 1, tuple(players), ai_seats, 5, 9, None, ())


def test_a_table_left_to_an_ai_is_a_forfeit_and_the_others_win_it() -> None:
    seats = (("1", 1, "standard"), ("2", 2, None))  # the timer gave 1's seat to an AI
    assert outcome(table([1, 2]), TableGame("finished", ("1",), seats)) == ((2,), (1,))
    assert outcome(table([1, 2]), TableGame("finished", ("2",), seats)) == ((2,), (1,))


def test_a_table_ended_without_a_result_is_lost_by_everyone_at_it() -> None:
    seats = (("1", 1, None), ("2", 2, None))
    assert outcome(table([1, 2]), TableGame("abandoned", (), seats)) == ((), (1, 2))
    assert outcome(table([1, 2]), TableGame("running", (), seats)) is None
    assert outcome(table([1, 2]), TableGame("lobby", (), seats)) is None


def test_a_player_who_left_the_lobby_forfeits_and_an_ai_seats_win_is_nobodys() -> None:
    left = (("2", 2, None), ("3", 3, None), ("ai1", None, "standard"))
    assert outcome(table([1, 2, 3], 1), TableGame("finished", ("3",), left)) == ((3,), (1,))
    assert outcome(table([1, 2, 3], 1), TableGame("finished", ("ai1",), left)) == ((), (1,))
    full = (("1", 1, None), ("2", 2, None), ("ai1", None, "standard"))
    assert outcome(table([1, 2], 1), TableGame("finished", ("ai1",), full)) == ((), ())
