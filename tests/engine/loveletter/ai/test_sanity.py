"""No level blunders when it has another move: no self-elimination (HOB-3, L5R-3, PEG-3),
no guess (HOB-11, L5R-10, PEG-10) naming a card whose every copy the guesser has accounted for.

The check below counts copies itself from the view (own hand, discard piles, face-up cards,
and the hands the viewer has seen), independently of the AI's filter.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter.ai import LEVELS, choose
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.cards import Kind
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.views import PlayerView
from tests.engine.loveletter.ai.positions import TABLES, positions, stacked

GW = "guardswoman"


def _visible(view: PlayerView, target: str) -> Counter[str]:
    """Copies the viewer can account for outside `target`'s hand."""
    seen: Counter[str] = Counter(view.hand)
    seen.update(view.face_up)
    for s in view.seats:
        seen.update(s.discards)
    seen.update(c for p, c in analyse(view).known.items() if p != target)
    return seen


def vain_guess(view: PlayerView, move: Move) -> bool:
    """A guess naming a card (or value) every copy of which the viewer sees elsewhere."""
    if not isinstance(move, Play) or move.guess is None or move.target is None:
        return False
    ed = engine.edition(view.edition)
    g = move.guess
    deck = ed.deck(sum(s.playing for s in view.seats))
    named = [c for c in deck if c == g or ed.card(c).value == g]
    return not +(Counter(named) - _visible(view, move.target))


def self_elimination(view: PlayerView, move: Move) -> bool:
    ed = engine.edition(view.edition)
    fatal = [c for c in view.hand if ed.card(c).kind is Kind.OUT_IF_DISCARDED]
    if isinstance(move, Decide):
        return bool(fatal) and move.choice == "redraw"
    if ed.card(move.card).kind is Kind.OUT_IF_DISCARDED:
        return True
    rest = list(view.hand)
    rest.remove(move.card)
    discard_own = ed.card(move.card).kind is Kind.DISCARD_DRAW and move.target == view.me
    return discard_own and any(ed.card(c).kind is Kind.OUT_IF_DISCARDED for c in rest)


def blunders(view: PlayerView, legal: list[Move]) -> set[Move]:
    """The moves no level may choose here (empty when the rules leave no better one)."""
    out = {m for m in legal if self_elimination(view, m)}
    guesses = [m for m in legal if isinstance(m, Play) and m.guess is not None]
    vain = {m for m in guesses if vain_guess(view, m)}
    if len(vain) < len(guesses):
        out |= vain
    return out if len(out) < len(legal) else set()


def _check(state: engine.GameState, level: str, seed: int) -> bool:
    """Whether the position offered a blunder; fails if `level` made it."""
    me = state.actor
    assert me is not None
    view = engine.player_view(state, me)
    legal = engine.legal_moves(state)
    bad = blunders(view, legal)
    if not bad:
        return False
    move = choose(level, view, legal, random.Random(seed))
    assert move not in bad, (view.hand, move)
    return True


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("edition", "players"), TABLES)
def test_no_level_blunders_in_random_positions(edition: str, players: int, level: str) -> None:
    count = 40 if level == "expert" else 150
    tested = sum(
        _check(s, level, n) for n, s in enumerate(positions(edition, players, count, seed=3))
    )
    assert tested > 0  # the positions offered blunders to refuse


@settings(max_examples=60, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 2**32),
    level=st.sampled_from(LEVELS),
    skip=st.integers(0, 40),
)
def test_no_blunder_property(table: tuple[str, int], seed: int, level: str, skip: int) -> None:
    edition, players = table
    for n, state in enumerate(positions(edition, players, skip + 1, seed=seed)):
        if n == skip:
            _check(state, level, seed)


@pytest.mark.parametrize("level", LEVELS)
def test_peg_10_holding_the_princess_no_level_names_her(level: str) -> None:
    """The reported blunder: 2 players, the Princess and a Guardswoman in hand."""
    state = stacked("pegasus", {"ann": "princess", "bob": "priest"}, [GW, "baron", "prince"], "ann")
    view = engine.player_view(state, "ann")
    legal = engine.legal_moves(state)
    assert Play("ann", GW, "bob", guess=8) in legal
    for seed in range(5):
        move = choose(level, view, legal, random.Random(seed))
        assert isinstance(move, Play) and move.card == GW and move.guess != 8


@pytest.mark.parametrize("level", LEVELS)
def test_peg_3_no_level_discards_the_princess_to_its_own_prince(level: str) -> None:
    state = stacked("pegasus", {"ann": "princess", "bob": "handmaid"}, ["prince", "baron"], "ann")
    view = engine.player_view(state, "ann")
    legal = engine.legal_moves(state)
    for seed in range(5):
        move = choose(level, view, legal, random.Random(seed))
        assert not self_elimination(view, move)
