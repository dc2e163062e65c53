"""The hand's choice tree offers exactly the legal moves: every path ends in one, none is missed.

Cards choosing one or two players are asked as a first player, then a partner given the first,
so a Flatterer binding (PEG-16) can never make an offered combination illegal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import engine.loveletter as engine
from bot.games.loveletter.decisions import Step, card_options, step
from engine.loveletter.moves import Decide, Play

Moves = Sequence[Play | Decide]


def walk(moves: Moves, current: Step, seen: list[Play]) -> None:
    """Follow every offered option; each must narrow the moves down and end in one."""
    if current.move is not None:
        seen.append(current.move)
        return
    assert current.field is not None and len(current.options) > 1
    for option in current.options:
        walk(moves, step(moves, option.index, current.depth + 1), seen)


def reachable(moves: Moves) -> list[Play]:
    seen: list[Play] = []
    for option in card_options(moves):
        walk(moves, step(moves, option.index, 1), seen)
    return seen


def offered_fields(moves: Moves) -> set[tuple[str, int]]:
    """(field, number of options) of every select the tree can show."""
    out: set[tuple[str, int]] = set()

    def go(current: Step) -> None:
        if current.field is None:
            return
        out.add((current.field, len(current.options)))
        for option in current.options:
            go(step(moves, option.index, current.depth + 1))

    for option in card_options(moves):
        go(step(moves, option.index, 1))
    return out


def baroness(others: Sequence[str], bound: str | None) -> list[Play]:
    groups = [(t,) for t in others] + list(combinations(others, 2))
    return [Play("me", "baroness", targets=g) for g in groups if bound is None or bound in g]


def cardinal(pool: Sequence[str], bound: str | None) -> list[Play]:
    pairs = [g for g in combinations(pool, 2) if bound is None or bound in g]
    return [Play("me", "cardinal", targets=g, look=lk) for g in pairs for lk in g]


def test_peg_16_bound_baroness_offers_only_groups_with_the_bound_player() -> None:
    moves = baroness(["b", "c", "d", "e"], "c")
    assert set(reachable(moves)) == set(moves)


def test_peg_16_bound_cardinal_offers_only_pairs_with_the_bound_player() -> None:
    moves = cardinal(["b", "c", "d", "me"], "c")
    assert set(reachable(moves)) == set(moves)


def test_peg_17_18_eight_players_fit_discords_25_options_per_select() -> None:
    others = ["b", "c", "d", "e", "f", "g", "h"]
    moves = [*baroness(others, None), *cardinal([*others, "me"], None)]
    assert set(reachable(moves)) == set(moves)
    assert max(n for _, n in offered_fields(moves)) <= 25
    assert {f for f, _ in offered_fields(moves)} == {"targets", "partner", "look"}


def test_a_forced_pair_is_not_asked_only_whose_hand_to_look_at() -> None:
    moves = cardinal(["b", "me"], None)
    assert offered_fields(moves) == {("look", 2)}


def test_every_path_of_random_pegasus_positions_is_exactly_the_legal_moves() -> None:
    rng = random.Random(11)
    checked = 0
    for game in range(12):
        players = [f"p{i}" for i in range(rng.choice([3, 5, 8]))]
        state = engine.new_game("pegasus", players, random.Random(game), options={})
        for _ in range(80):
            if state.game_over:
                break
            legal = engine.legal_moves(state)
            plays = [m for m in legal if isinstance(m, Play)]
            if plays:
                assert set(reachable(legal)) == set(plays)
                checked += 1
            state, _ = engine.apply(state, rng.choice(legal))
    assert checked > 300
