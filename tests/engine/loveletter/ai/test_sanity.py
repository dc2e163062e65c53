"""No level blunders when it has another move: no self-elimination (HOB-3, L5R-3, PEG-3),
no guess (HOB-11, L5R-10, PEG-10) naming a card whose every copy the guesser has accounted for,
no guess at a player whose card the guesser's view proves naming another card.

The check below counts copies itself from the view (own hand, discard piles, face-up cards,
and the hands the viewer has seen), independently of the AI's filter; `proofs` reads the
proven hands apart from the AI's knowledge.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter.ai import LEVELS, choose, standard
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.cards import Kind
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.views import PlayerView
from tests.engine.loveletter.ai.positions import TABLES, play, positions, stacked
from tests.engine.loveletter.ai.proofs import misses_proof, proven

GW = "guardswoman"


def _visible(view: PlayerView, target: str, known: Mapping[str, str]) -> Counter[str]:
    """Copies the viewer can account for outside `target`'s hand (`known`: the hands the
    view's card count knows, `analyse(view).known`)."""
    seen: Counter[str] = Counter(view.hand)
    seen.update(view.face_up)
    for s in view.seats:
        seen.update(s.discards)
    seen.update(c for p, c in known.items() if p != target)
    return seen


def vain_guess(view: PlayerView, move: Move, known: Mapping[str, str]) -> bool:
    """A guess naming a card (or value) every copy of which the viewer sees elsewhere."""
    if not isinstance(move, Play) or move.guess is None or move.target is None:
        return False
    ed = engine.edition(view.edition)
    g = move.guess
    deck = ed.deck(sum(s.playing for s in view.seats))
    named = [c for c in deck if c == g or ed.card(c).value == g]
    return not +(Counter(named) - _visible(view, move.target, known))


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


def blunders(view: PlayerView, legal: list[Move], proof: Mapping[str, str]) -> set[Move]:
    """The moves no level may choose here (empty when the rules leave no better one);
    `proof`: `proven(view)`."""
    out = {m for m in legal if self_elimination(view, m) or misses_proof(view, legal, m, proof)}
    guesses = [m for m in legal if isinstance(m, Play) and m.guess is not None]
    known = analyse(view).known if guesses else {}
    vain = {m for m in guesses if vain_guess(view, m, known)}
    if len(vain) < len(guesses):
        out |= vain
    return out if len(out) < len(legal) else set()


def _check(state: engine.GameState, level: str, seed: int) -> bool:
    """Whether the position offered a blunder; fails if `level` made it."""
    me = state.actor
    assert me is not None
    view = engine.player_view(state, me)
    proof = proven(view)
    for p, card in proof.items():  # the second reading proves only what is so
        assert state.hands[state.seat(p)] == [card], (p, card)
    legal = engine.legal_moves(state)
    bad = blunders(view, legal, proof)
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
    """The fast levels decide at every position of the game so far, the expert at the last."""
    edition, players = table
    for n, state in enumerate(positions(edition, players, skip + 1, seed=seed)):
        if n == skip or level != "expert":
            _check(state, level, seed + n)


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


def _proof_positions(most: int) -> list[tuple[int, PlayerView, list[Move]]]:
    """Up to `most` positions, every table, where a guess may name a card the view proves
    (the tables in order, 150 positions each, until `most` are found)."""
    found = _first_proof_positions()[:most]
    assert len(found) >= min(most, 20)
    return [(n, view, list(legal)) for n, view, legal in found]  # each test its own lists


@functools.cache
def _first_proof_positions() -> tuple[tuple[int, PlayerView, list[Move]], ...]:
    """The first 200 such positions, found once per process for every level's test (the
    expert takes the first 25 of the same)."""
    found: list[tuple[int, PlayerView, list[Move]]] = []
    for edition, players in TABLES:
        for n, state in enumerate(positions(edition, players, 150, seed=5)):
            if len(found) >= 200:
                return tuple(found)
            assert state.actor is not None
            view = engine.player_view(state, state.actor)
            legal = engine.legal_moves(state)
            proof = proven(view)
            if proof and any(misses_proof(view, legal, m, proof) for m in legal):
                found.append((n, view, legal))
    return tuple(found)


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_guesses_against_a_proven_hand(level: str) -> None:
    most = 25 if level == "expert" else 200  # the expert's decisions are the slow ones
    for n, view, legal in _proof_positions(most):
        move = choose(level, view, legal, random.Random(n))
        assert not misses_proof(view, legal, move), (view.edition, view.hand, move)


def test_the_playouts_rules_of_thumb_never_guess_against_a_proven_hand() -> None:
    """Why the expert's playouts may skip the rule (`standard.judged`): they keep to it anyway."""
    for n, view, legal in _proof_positions(200):
        move = standard.judged(view, legal).pick(random.Random(n))
        assert not misses_proof(view, legal, move), (view.edition, view.hand, move)


def _seen_by_priest() -> engine.GameState:
    """4 players: ann saw dan's Baron with a Priest; dan played a Guardswoman and the Countess
    since, never a Baron; bob is protected. Ann holds the Princess and a Guardswoman."""
    top = ["king", GW, GW, "princess", "handmaid", "prince", "handmaid", "countess", GW]
    hands = {"ann": "priest", "bob": "priest", "cat": GW, "dan": "baron"}
    return play(
        stacked("pegasus", hands, top, "bob"),
        *(Play("bob", "priest", "ann"), Play("cat", GW, "ann", guess=7)),
        *(Play("dan", GW, "cat", guess=5), Play("ann", "priest", "dan")),
        *(Play("bob", "handmaid"), Play("cat", "prince", "cat"), Play("dan", "countess")),
    )


def _given_by_a_swap() -> engine.GameState:
    """4 players: dan's King gave ann's Baron to dan and dan's Princess to ann, who now holds
    the Princess and a Guardswoman (the reported position, replayed as round 1)."""
    top = ["priest", GW, "handmaid", GW, "countess", "prince", "handmaid", "king", GW]
    hands = {"ann": "baron", "bob": "priest", "cat": GW, "dan": "princess"}
    return play(
        stacked("pegasus", hands, top, "bob"),
        *(Play("bob", "priest", "ann"), Play("cat", GW, "ann", guess=7), Play("dan", "handmaid")),
        *(Play("ann", GW, "cat", guess=5), Play("bob", "priest", "cat")),
        *(Play("cat", "prince", "cat"), Play("dan", "king", "ann")),
    )


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("position", [_seen_by_priest, _given_by_a_swap])
def test_a_guess_at_a_known_baron_names_the_baron(
    level: str, position: Callable[[], engine.GameState]
) -> None:
    """The reported blunder: the expert guessed another card at a Baron it knew of (4 players)."""
    state = position()
    view = engine.player_view(state, "ann")
    legal = engine.legal_moves(state)
    assert view.hand == ("princess", GW) and proven(view) == {"dan": "baron"}
    assert Play("ann", GW, "dan", guess=3) in legal  # the Baron's value
    for seed in range(8):
        move = choose(level, view, legal, random.Random(seed))
        assert isinstance(move, Play) and move.card == GW
        assert move.target != "dan" or move.guess == 3, move
