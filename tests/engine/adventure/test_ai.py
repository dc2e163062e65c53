"""AI hobbits: legal, deterministic, blind to hidden information, and their games end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.adventure import GAME
from engine.adventure.ai import choose, expert
from engine.adventure.ai.reading import creature_chance
from engine.adventure.ai.standard import CHASE_AWAY
from engine.adventure.ai.worlds import sample
from engine.adventure.autoplay import play
from engine.adventure.cards import HELD, card
from engine.adventure.codec import encode
from engine.adventure.rules import legal_moves, new_game
from engine.adventure.state import State
from engine.adventure.view import view
from tests.engine.adventure.helpers import TOTAL, card_count, random_states, random_step

PLAYERS = ["ann", "bob", "cat", "dan"]


def _hide_differently(s: State, me: str, rng: random.Random) -> State:
    """The same game as `me` knows it: deck orders, others' secret cards and the dice differ."""
    t = s.clone()
    decks = {name: list(deck) for name, deck in t.decks.items()}
    for deck in decks.values():
        rng.shuffle(deck)
    for pid in t.players:
        if pid == me:
            continue
        h = t.own_hobbit(pid)  # a clone shares its hobbits until it owns one (State.clone)
        for i, cid in enumerate(h.cards):
            card = HELD[cid]
            pool = decks[card.deck]
            if card.secret and cid not in h.shown and pool:
                j = rng.randrange(len(pool))
                h.cards[i], pool[j] = pool[j], cid
    t.decks = {name: tuple(deck) for name, deck in decks.items()}
    t.rng = rng.getrandbits(64)
    return t


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_adv_12_hidden_information_does_not_change_a_view_or_an_ai_decision(
    seed: int, n: int
) -> None:
    rng = random.Random(seed)
    s = new_game(PLAYERS[:n], rng)
    for _ in range(200):
        if s.over:
            break
        me = s.pending.player if s.pending else PLAYERS[0]
        other = _hide_differently(s, me, random.Random(seed + 1))
        assert view(other, me) == view(s, me)
        assert legal_moves(other, me) == legal_moves(s, me)
        for level in ("novice", "standard"):
            a = choose(level, view(s, me), legal_moves(s, me), random.Random(7))
            b = choose(level, view(other, me), legal_moves(other, me), random.Random(7))
            assert a == b
        s, _, _ = random_step(s, rng)


@pytest.fixture
def small_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert with a small playout budget: the same reading of the view, found faster."""
    monkeypatch.setattr(expert, "WORLDS", 2)
    monkeypatch.setattr(expert, "HORIZON", 40)


def _norm(v: dict[str, Any]) -> dict[str, Any]:
    """A view with every hand sorted (a sampled world keeps cards, not their order in hand)."""
    for h in v["hobbits"].values():
        h["cards"] = sorted(h["cards"])
        if isinstance(h["secret"], list):
            h["secret"] = sorted(h["secret"])
    return v


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 4))
@example(280, 4)  # hid differently in the real game's shared hobbits: it changed the game itself
def test_adv_12_a_sampled_world_is_one_the_viewer_cannot_tell_from_the_game(
    seed: int, n: int
) -> None:
    """Worlds keep the 142 cards, look the same to the viewer, offer the same decisions, and
    come out the same whatever the hidden cards really are."""
    rng = random.Random(seed)
    s = new_game(PLAYERS[:n], rng)
    for _ in range(150):
        if s.over:
            break
        me = s.pending.player if s.pending else PLAYERS[0]
        world = sample(view(s, me), random.Random(3))
        assert card_count(world) == TOTAL
        assert _norm(view(world, me)) == _norm(view(s, me))
        assert set(legal_moves(world, me)) == set(legal_moves(s, me))
        other = _hide_differently(s, me, random.Random(seed + 1))
        assert encode(sample(view(other, me), random.Random(3))) == encode(world)
        s, _, _ = random_step(s, rng)


@pytest.mark.usefixtures("small_expert")
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_adv_12_hidden_information_does_not_change_an_expert_decision(seed: int, n: int) -> None:
    rng = random.Random(seed)
    s = new_game(PLAYERS[:n], rng)
    for _ in range(120):
        if s.over:
            break
        me = s.pending.player if s.pending else PLAYERS[0]
        other = _hide_differently(s, me, random.Random(seed + 1))
        a = expert.choose(view(s, me), legal_moves(s, me), random.Random(7))
        b = expert.choose(view(other, me), legal_moves(other, me), random.Random(7))
        assert a == b and a in legal_moves(s, me)
        s, _, _ = random_step(s, rng)


@pytest.mark.parametrize("level", ["novice", "standard"])
def test_ai_decisions_are_legal_and_deterministic(level: str) -> None:
    for seed in range(6):
        first = play([level, "novice", level], random.Random(seed))
        again = play([level, "novice", level], random.Random(seed))
        assert encode(first.state) == encode(again.state)


@pytest.mark.usefixtures("small_expert")
def test_expert_games_are_legal_deterministic_and_end() -> None:
    for seed in range(2):
        first = play(["expert", "standard"], random.Random(seed))
        again = play(["expert", "standard"], random.Random(seed))
        assert first.state.over and encode(first.state) == encode(again.state)


@pytest.mark.parametrize(
    "levels",
    [
        ["standard", "standard"],
        ["standard", "novice"],
        ["novice", "novice", "novice"],
        ["standard", "standard", "standard", "standard"],
        ["standard", "novice", "novice", "novice"],
    ],
)
def test_adv_9_ai_only_games_end_within_a_bound(levels: list[str]) -> None:
    """Every AI-only game ends: a hobbit beats the Dragon or every hobbit is out."""
    for seed in range(10):
        played = play(levels, random.Random(seed), limit=20_000)
        assert played.state.over, f"{levels} seed {seed} did not end in 20,000 decisions"
        assert (played.state.winner is None) == played.state.dragon_won


def test_game_choose_uses_the_levels() -> None:
    s = GAME.create("classic", ["a", "b"], {}, random.Random(2))
    pid = GAME.awaiting(s)[0]
    for level in GAME.ai_levels:
        d = GAME.choose(level, GAME.view(s, pid), GAME.legal(s, pid), random.Random(1))
        assert d in GAME.legal(s, pid)
    with pytest.raises(ValueError):
        GAME.choose("grandmaster", GAME.view(s, pid), GAME.legal(s, pid), random.Random(1))


def _first_positions(
    wanted: Callable[[State, str], bool], limit: int, seeds: int
) -> list[tuple[State, str]]:
    """Real positions from random 2-hobbit games: the first in each game where the awaited
    hobbit's position is `wanted`, until `limit` are found."""
    found: list[tuple[State, str]] = []
    for seed in range(seeds):
        for s in random_states(seed, PLAYERS[:2], 400):
            if s.pending and wanted(s, s.pending.player):
                found.append((s, s.pending.player))
                break
        if len(found) >= limit:
            break
    return found


def _haven_offering_both(s: State, pid: str) -> bool:
    """At a Haven where the hobbit may buy a talisman or draw a Magic card."""
    acts = {d.action for d in legal_moves(s, pid)} if s.pending.kind == "haven" else set()
    return {"buy_talisman", "draw_magic"} <= acts


def test_adv_5_the_expert_races_for_the_magic_deck_where_the_standard_buys_a_talisman() -> None:
    """ADV-5 allows one Haven action: the standard hobbit buys the talisman, the expert's plan
    draws the Magic card (the rival cannot draw it, and five of the twelve count against the
    Dragon)."""
    positions = _first_positions(_haven_offering_both, 5, 400)
    assert len(positions) == 5
    for s, pid in positions:
        legal = legal_moves(s, pid)
        assert choose("standard", view(s, pid), legal, random.Random(1)).action == "buy_talisman"
        assert choose("expert", view(s, pid), legal, random.Random(1)).action == "draw_magic"


def _fight_to_chase_away(s: State, pid: str) -> bool:
    """A hobbit holding Thunder of Light or Adan Wind-horn faces a creature it beats with a
    chance between 45% and 70%."""
    if s.pending.kind != "fight":
        return False
    if not any(d.action == "avoid" and d.card in CHASE_AWAY for d in legal_moves(s, pid)):
        return False
    v = view(s, pid)
    f = v["fight"]
    chance = creature_chance(v, card(f["deck"], f["card"]).power, f["deck"] == "peril")
    return 0.45 <= chance < 0.7


def test_adv_6_the_expert_chases_a_creature_it_may_lose_to_on_to_its_rival() -> None:
    """ADV-6 step 1: where the standard hobbit fights (its chance is 45% or more), the expert
    sends the creature on to its rival with a chase-away card while its chance is below 70%."""
    positions = _first_positions(_fight_to_chase_away, 4, 3000)
    assert len(positions) == 4
    for s, pid in positions:
        legal = legal_moves(s, pid)
        assert choose("standard", view(s, pid), legal, random.Random(1)).action == "fight"
        chosen = choose("expert", view(s, pid), legal, random.Random(1))
        assert chosen.action == "avoid" and chosen.card in CHASE_AWAY
