"""Property tests over random games, every edition and player count (issue 3 and 7).

Each example plays one whole game with uniformly random legal moves and checks, at every
step: conservation of the round's cards, JSON round trip, rejected mutations of legal
moves (state untouched), protected and knocked-out players untouched by other players'
cards, tallies never decreasing, what each player's view may hold; at sampled steps, that
every legal move applies; at the end, termination and an identical replay from the seed.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.loveletter as engine
from engine.loveletter import Decide, GameState, IllegalMove, Play
from engine.loveletter.legal import normalise

COMBOS = [("hobbit", n) for n in (2, 3, 4)] + [("l5r", n) for n in (2, 3, 4)]
COMBOS += [("pegasus", n) for n in range(2, 9)]
MAX_MOVES = 5000
PRIVATE = {"card_dealt", "card_drawn", "hand_seen", "compared", "card_received"}
PROPS = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def round_cards(s: GameState) -> Counter[str]:
    """Every card of the running round, wherever it is."""
    cards: Counter[str] = Counter(s.draw_pile)
    cards.update(s.face_up)
    if not s.set_aside_used:
        cards[s.set_aside] += 1
    for i, p in enumerate(s.players):
        if i in s.round_seats:
            cards.update(p.hand)
            cards.update(p.discards)
        else:
            assert p.hand == [] and p.discards == [], "a player outside the round holds cards"
    return cards


def check_conservation(s: GameState) -> None:
    deck = Counter(engine.edition(s.edition).deck(len(s.round_seats)))
    assert round_cards(s) == deck


def check_json(s: GameState) -> str:
    """The JSON round trip; returns `to_json(s)` for the step's other checks."""
    text = engine.to_json(s)
    back = engine.from_json(text)
    assert back == s and engine.to_json(back) == text
    assert engine.legal_moves(back) == engine.legal_moves(s)
    return text


def mutations(s: GameState, move: Play | Decide, rng: random.Random) -> list[Play | Decide]:
    ids = [p.id for p in s.players]
    deck = sorted(set(engine.edition(s.edition).deck(len(s.round_seats))))
    if isinstance(move, Decide):
        other = rng.choice([p for p in ids if p != move.player])
        return [Decide(other, move.choice), Decide(move.player, "maybe"), Play(move.player, "x")]
    out: list[Play | Decide] = [
        move._replace(player=rng.choice([p for p in ids if p != move.player])),
        move._replace(card=rng.choice(deck)),
        move._replace(target=rng.choice([*ids, "zed"])),
        move._replace(guess=rng.choice([1, 99, "bogus", 0, "smaug", None])),
        move._replace(targets=(move.player, move.player)),
        move._replace(look=rng.choice([*ids, None])),
        Decide(move.player, "keep"),
    ]
    out_or_protected = [p.id for p in s.players if not p.in_round or p.protected]
    if out_or_protected:
        out.append(move._replace(target=rng.choice(out_or_protected)))
    return out


def check_illegal(s: GameState, move: Play | Decide, rng: random.Random, before: str) -> None:
    """`before`: `to_json(s)`, which every refused mutation must leave unchanged."""
    legal = set(engine.legal_moves(s))
    for bad in mutations(s, move, rng):
        if bad in legal or normalise(s, bad) in legal:
            continue
        with pytest.raises(IllegalMove) as caught:
            engine.apply(s, bad)
        assert caught.value.reason
        assert engine.to_json(s) == before


def untouchable(s: GameState, actor: str) -> dict[str, tuple[object, ...]]:
    """Players another player's card may not affect: protected or knocked out."""
    return {
        p.id: (tuple(p.hand), tuple(p.discards), p.in_round, p.protected, p.tokens)
        for i, p in enumerate(s.players)
        if p.id != actor and i in s.round_seats and (p.protected or not p.in_round)
    }


def check_untouched(before: GameState, after: GameState, events: list[engine.Event]) -> None:
    actor = before.actor
    assert actor is not None
    if any(e.type in ("round_ended", "game_ended") for e in events):
        return
    starting = {getattr(e, "player", None) for e in events if e.type == "turn_started"}
    for pid, old in untouchable(before, actor).items():
        if pid in starting:
            continue  # their own turn began: protection ends and they draw (C-3)
        p = after.players[after.seat(pid)]
        assert (tuple(p.hand), tuple(p.discards), p.in_round, p.protected, p.tokens) == old
        for e in events:
            chosen = getattr(e, "targets", ()) or ()
            assert pid not in chosen and getattr(e, "target", None) != pid, e


def check_views(s: GameState, round_log: list[engine.Event], rng: random.Random, text: str) -> None:
    """Each player's view: their hand, exactly the round's events they may see, and nothing
    that depends on cards hidden from them (shuffling those leaves the view unchanged).
    `text`: `to_json(s)`, which each shuffled copy is read from."""
    for e in round_log:
        if e.type in PRIVATE:
            assert e.audience == rightful_audience(e), e
    spectator = engine.player_view(s, None)
    assert list(spectator.log) == [e for e in round_log if e.audience is None]
    assert spectator.hand == ()
    hidden = shuffle_hidden(text, rng)
    if hidden is not None:
        assert engine.player_view(hidden, None).to_dict() == spectator.to_dict()
    for i, p in enumerate(s.players):
        view = engine.player_view(s, p.id)
        assert list(view.hand) == p.hand
        assert list(view.log) == [e for e in round_log if e.visible_to(p.id)]
        other = shuffle_hidden(text, rng, keep=i)
        if other is not None:
            assert engine.player_view(other, p.id).to_dict() == view.to_dict()


def rightful_audience(e: engine.Event) -> tuple[str, ...]:
    """Who the rules let see a private event (C-10): the receiver, the viewer, or both
    players of a compare."""
    if e.type == "hand_seen":
        return (getattr(e, "viewer", ""),)
    if e.type == "compared":
        return (getattr(e, "player", ""), getattr(e, "target", ""))
    return (getattr(e, "player", ""),)


def shuffle_hidden(text: str, rng: random.Random, keep: int = -1) -> GameState | None:
    """A copy of the state `text` (its `to_json`) where the cards `keep` cannot see (others'
    hands, the pile, the set-aside card) are dealt differently; None when there is nothing
    to shuffle."""
    c = engine.from_json(text)
    slots: list[tuple[str, int, int]] = []
    for i, p in enumerate(c.players):
        if i != keep:
            slots.extend(("hand", i, j) for j in range(len(p.hand)))
    slots.extend(("pile", 0, j) for j in range(len(c.draw_pile)))
    if not c.set_aside_used:
        slots.append(("aside", 0, 0))
    if len(slots) < 2:
        return None

    def get(slot: tuple[str, int, int]) -> str:
        kind, i, j = slot
        if kind == "hand":
            return c.players[i].hand[j]
        return c.draw_pile[j] if kind == "pile" else c.set_aside

    cards = [get(x) for x in slots]
    rng.shuffle(cards)
    for (kind, i, j), card in zip(slots, cards, strict=True):
        if kind == "hand":
            c.players[i].hand[j] = card
        elif kind == "pile":
            c.draw_pile[j] = card
        else:
            c.set_aside = card
    return c


def play_game(ed: str, n: int, seed: int, pick_seed: int, views: bool) -> None:
    names = [f"p{i}" for i in range(n)]
    s = engine.new_game(ed, names, random.Random(seed))
    pick = random.Random(pick_seed)
    moves: list[Play | Decide] = []
    round_log = list(s.log)
    tallies = [p.tokens for p in s.players]
    for _ in range(MAX_MOVES):
        if s.game_over:
            break
        check_conservation(s)
        text = check_json(s)
        legal = engine.legal_moves(s)
        assert legal and all(m.player == s.actor for m in legal)
        if pick.random() < 0.1:
            for m in legal:
                after, events = engine.apply(s, m)
                check_untouched(s, after, events)
        if views and pick.random() < 0.25:
            check_views(s, round_log, pick, text)
        move = pick.choice(legal)
        check_illegal(s, move, pick, text)
        after, events = engine.apply(s, move)
        check_untouched(s, after, events)
        starts = [i for i, e in enumerate(events) if e.type == "round_started"]
        round_log = list(events[starts[-1] :]) if starts else [*round_log, *events]
        assert list(after.log) == round_log
        s = after
        moves.append(move)
        now = [p.tokens for p in s.players]
        assert all(a >= b for a, b in zip(now, tallies, strict=True)), "a tally decreased"
        tallies = now
    assert s.game_over, "the game did not end"
    assert s.winner is not None and s.actor is None and engine.legal_moves(s) == []
    check_conservation(s)
    check_json(s)
    again = engine.new_game(ed, names, random.Random(seed))
    for m in moves:
        again, _ = engine.apply(again, m)
    assert engine.to_json(again) == engine.to_json(s)


@pytest.mark.parametrize(("ed", "n"), COMBOS)
@PROPS
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(ed: str, n: int, seed: int, pick: int) -> None:
    play_game(ed, n, seed, pick, views=True)
