"""Property tests over random games with every player count (ADV-1, ADV-9, ADV-12, ADV-13)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.adventure import board as B
from engine.adventure.cards import HELD, TOTAL
from engine.adventure.codec import decode, encode
from engine.adventure.decisions import D, Decision
from engine.adventure.rules import Illegal, apply, legal_moves, new_game
from engine.adventure.view import view
from tests.engine.adventure.helpers import card_count, random_states, random_step

PLAYERS = ["ann", "bob", "cat", "dan"]
STEPS = 400
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(0, 2**32), st.integers(2, 4))


def _mutations(d: Decision, rng: random.Random) -> list[Decision]:
    """Variants of a legal decision with one field changed."""
    places = list(B.PLACES)
    cards = sorted(HELD)
    out = [
        D(d.action, to=rng.choice(places)),
        D(d.action, card=rng.choice(cards)),
        D(d.action, target=rng.choice(PLAYERS + ["nobody"])),
        D(d.action, option=rng.choice(["stay", "flee", "keep", "decline", "red", "moria"])),
        D("reroll", dice=[rng.randrange(3)]),
        D("buy", cards=[rng.choice(cards)]),
        D("prepare", cards=[rng.choice(cards)]),
        D("use", card=rng.choice(cards)),
        D("take", what="talisman", colour=rng.choice(["blue", "green", "red", "yellow"])),
    ]
    return [m for m in out if m != d]


@SETTINGS
@given(games)
def test_adv_13_random_legal_play_never_raises_and_keeps_the_invariants(
    game: tuple[int, int],
) -> None:
    """Every legal move applies; 142 cards; LP 0-12; GP >= 0; JSON round-trips at every step."""
    seed, n = game
    rng = random.Random(seed)
    s = new_game(PLAYERS[:n], rng)
    for _ in range(STEPS):
        if s.over:
            break
        for pid in s.players:
            for d in legal_moves(s, pid):
                apply(s, pid, d)  # every listed decision is accepted
        s, _, _ = random_step(s, rng)
        assert card_count(s) == TOTAL
        for h in s.hobbits.values():
            assert 0 <= h.lp <= 12 and h.gp >= 0
            assert len(set(h.talismans)) == len(h.talismans)
        data = json.loads(json.dumps(encode(s)))
        assert encode(decode(data)) == encode(s)


@SETTINGS
@given(games)
def test_adv_13_mutated_decisions_are_refused_and_change_nothing(game: tuple[int, int]) -> None:
    seed, n = game
    rng = random.Random(seed)
    for s in random_states(seed, PLAYERS[:n], 150):
        before = encode(s)
        for pid in s.players:
            legal = legal_moves(s, pid)
            for d in legal[:3]:
                for m in _mutations(d, rng):
                    if m not in legal:
                        _refused_or_shorthand(s, pid, m, legal)
        assert encode(s) == before


def _refused_or_shorthand(s: object, pid: str, m: Decision, legal: list[Decision]) -> None:
    """A decision not in the legal list is refused with a reason, unless it is the documented
    shorthand of exactly one legal one (an avoid without its target when only one hobbit is
    nearest, adventure-scenario-format.md), which then does exactly what that one does."""
    try:
        new, _ = apply(s, pid, m)  # type: ignore[arg-type]
    except Illegal as refused:
        assert refused.reason
        return
    meant = [d for d in legal if m.target is None and d.action == m.action and d.card == m.card]
    assert m.action == "avoid" and len(meant) == 1, f"{m} was accepted"
    assert encode(new) == encode(apply(s, pid, meant[0])[0])  # type: ignore[arg-type]


@SETTINGS
@given(games)
def test_adv_12_views_never_show_another_hobbits_secret_cards(game: tuple[int, int]) -> None:
    seed, n = game
    for s in random_states(seed, PLAYERS[:n], STEPS):
        for me in [*s.players, None]:
            v = view(s, me)
            assert "rng" not in v and "dice" not in v
            assert all(isinstance(size, int) for size in v["decks"].values())
            for pid, h in v["hobbits"].items():
                shown = s.hobbits[pid].shown
                if pid != me:
                    assert isinstance(h["secret"], int)
                    assert all(not HELD[c].secret or c in shown for c in h["cards"])


@SETTINGS
@given(games)
def test_adv_13_same_seed_and_decisions_reproduce_the_game(game: tuple[int, int]) -> None:
    seed, n = game
    rng = random.Random(seed)
    s = new_game(PLAYERS[:n], random.Random(seed))
    decisions = []
    for _ in range(200):
        if s.over:
            break
        s, pid, d = random_step(s, rng)
        decisions.append((pid, d))
    again = new_game(PLAYERS[:n], random.Random(seed))
    for pid, d in decisions:
        again, _ = apply(again, pid, d)
    assert encode(again) == encode(s)


def test_adv_9_random_games_end() -> None:
    """Random play ends (a hobbit beats the Dragon or every hobbit is out) within a bound."""
    for seed in range(12):
        rng = random.Random(seed)
        s = new_game(PLAYERS[: 2 + seed % 3], rng)
        steps = 0
        while not s.over:
            s, _, _ = random_step(s, rng)
            steps += 1
            assert steps < 20_000, f"seed {seed} did not end"
        assert (s.winner is None) == s.dragon_won
        assert s.pending is None or s.over
