"""The legal-move memo and the shared event tables stay within their budget, whatever the
player ids, and the budget never changes a game."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest

import engine.loveletter as engine
from engine.loveletter import fixed, flyweights, legal


@pytest.fixture
def budget() -> Iterator[None]:
    before = legal.memo_budget()
    yield
    legal.set_memo_budget(before)


def _play(edition: str, ids: list[str], seed: int, keep: bool = True) -> list[str]:
    rng = random.Random(seed)
    state = engine.new_game(edition, ids, rng)
    steps = [engine.to_json(state)]
    while not state.over:
        moves = engine.legal_moves(state, keep=keep)
        state, _ = engine.apply(state, moves[rng.randrange(len(moves))])
        steps.append(engine.to_json(state))
    return steps


def _held() -> int:
    return sum(len(memo) for s in list(fixed._SEATINGS.values()) for memo in s.legal)


def test_memo_never_exceeds_its_budget_with_new_player_ids_every_game(budget: None) -> None:
    legal.set_memo_budget(40)
    most = 0
    for game in range(30):
        ids = [f"u{game}-{i}" for i in range(5)]
        rng = random.Random(game)
        state = engine.new_game("pegasus", ids, rng)
        while not state.over:
            moves = engine.legal_moves(state)
            held, _ = legal.memo_stats()
            assert _held() == held <= 40  # a seating gone with its games takes its own off
            assert all(len(t) <= 40 for t in flyweights._TABLES)
            most = max(most, held)
            state, _ = engine.apply(state, moves[rng.randrange(len(moves))])
    assert most == 40  # the budget was reached, and the memos started over
    assert legal.memo_stats()[1] > 40


def test_games_are_identical_under_any_budget(budget: None) -> None:
    ids = ["ann", "bob", "cid", "dee"]
    want = [_play(ed, ids, seed) for ed in ("hobbit", "l5r", "pegasus") for seed in range(3)]
    legal.set_memo_budget(1)
    got = [_play(ed, ids, seed) for ed in ("hobbit", "l5r", "pegasus") for seed in range(3)]
    assert got == want


def test_a_budget_below_one_is_refused_and_changes_nothing(budget: None) -> None:
    legal.set_memo_budget(123)
    with pytest.raises(ValueError, match="at least 1 entry"):
        legal.set_memo_budget(0)
    assert legal.memo_budget() == 123


def test_a_seating_lives_while_a_game_holds_it_and_no_longer(budget: None) -> None:
    legal.set_memo_budget(40)
    running = [engine.new_game("pegasus", [f"a{i}", "b", "c", "d", "e", "f"], random.Random(i))
               for i in range(3)]  # fmt: skip
    for i in range(100):  # other tables come and go meanwhile
        engine.new_game("pegasus", [f"x{i}", "y"], random.Random(i))
    gc.collect()
    held = {ids for _, ids in fixed._SEATINGS}
    assert not any(ids[0].startswith("x") for ids in held)  # their games are gone
    assert all(g.game.seating is fixed.seating("pegasus", g.game.ids) for g in running)
    again = engine.new_game("pegasus", list(running[0].game.ids), random.Random(9))
    assert again.game.seating is running[0].game.seating  # a rematch shares it
    rng = random.Random(2)
    for state in running:
        while not state.over:
            moves = engine.legal_moves(state)
            state, _ = engine.apply(state, moves[rng.randrange(len(moves))])
            assert _held() <= 40
            assert legal.memo_stats()[0] == _held()


def test_a_shared_budget_of_its_own_bounds_the_event_tables(budget: None) -> None:
    legal.set_memo_budget(1_000, 7)
    assert legal.memo_budget() == 1_000
    for game in range(5):
        state = engine.new_game("pegasus", [f"s{game}-{i}" for i in range(4)], random.Random(game))
        rng = random.Random(game)
        while not state.over:
            engine.player_view(state, state.actor)
            moves = engine.legal_moves(state, keep=False)
            state, _ = engine.apply(state, moves[rng.randrange(len(moves))])
            assert all(len(t) <= 7 for t in flyweights._TABLES)
    with pytest.raises(ValueError, match="at least 1 entry"):
        legal.set_memo_budget(50, 0)
    assert legal.memo_budget() == 1_000


def test_unkept_legal_moves_play_the_same_games_and_leave_the_memo_as_it_was(
    budget: None,
) -> None:
    legal.set_memo_budget(1_000)  # starts the memos over: nothing held
    cases = [(ed, [f"{ed}{seed}-{i}" for i in range(4)], seed)
             for ed in ("hobbit", "l5r", "pegasus") for seed in range(3)]  # fmt: skip
    got = [_play(*case, keep=False) for case in cases]
    assert legal.memo_stats()[0] == _held() == 0  # a service's click keeps nothing
    assert got == [_play(*case) for case in cases]  # the same games as with the memo
    assert legal.memo_stats()[0] > 0
