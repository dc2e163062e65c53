"""A round's cards: the seeded shuffle (C-1, C-11) and checks for a stacked deal
(scenario-format.md: exactly the deck, the right shape)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from math import factorial

from engine.editions import edition
from engine.state import GameState
from engine.table import Game


@dataclass(frozen=True, slots=True)
class Deal:
    """A round's cards: hands per player id, the draw pile with its top card first."""

    set_aside: str
    face_up: tuple[str, ...]
    hands: dict[str, str]
    draw_pile: tuple[str, ...]


def entropy(game: Game, round_no: int, cards: int) -> int:
    """Random bits for this round's deal, derived from the game's seed (C-11).

    A hash rather than a seeded `random.Random`: it is the same on every machine and
    Python version, and far cheaper than seeding a Mersenne Twister every round. A shuffle
    of n cards uses log2(n!) bits (48 for 17 cards, 118 for 32); the digest leaves more
    than 64 spare bits so the last swaps are as fair as the first.
    """
    size = 16 if cards <= 17 else 32
    text = game.seed_text + str(round_no)  # f"{seed}/{round_no}"
    digest = hashlib.blake2b(text.encode(), digest_size=size).digest()
    return int.from_bytes(digest, "big")


# (edition, players) -> (the deck's card ids, n!, the swaps in pairs: see `shuffled`)
_DECKS: dict[tuple[str, int], tuple[tuple[str, ...], int, tuple[tuple[int, int, int], ...]]] = {}


def shuffled(
    edition_id: str, players: int, bits: int
) -> tuple[str, tuple[str, ...], list[str], list[str]]:
    """Fisher-Yates on `bits`: the set-aside card, the face-up cards, the hands in seat
    order and the draw pile (top card last).

    Swap i (from the top down) takes j = bits % (i + 1), then bits //= i + 1. Two swaps
    at a time take the same digits from one divmod by (i + 1) * i: a Python step less each.
    """
    known = _DECKS.get((edition_id, players))
    if known is None:
        ids = edition(edition_id).deck(players)
        pairs = tuple((i, i + 1, (i + 1) * i) for i in range(len(ids) - 1, 1, -2))
        known = _DECKS[edition_id, players] = (ids, factorial(len(ids)), pairs)
    ids, fact, pairs = known
    deck = list(ids)
    bits %= fact  # only bits mod n! steer the swaps; a smaller int divides faster
    for i, k, kk in pairs:
        bits, r = divmod(bits, kk)
        j = r % k
        deck[i], deck[j] = deck[j], deck[i]
        j = r // k
        deck[i - 1], deck[j] = deck[j], deck[i - 1]
    if not len(deck) & 1:  # an odd number of swaps: the last one (i = 1) is left
        j = bits % 2
        deck[1], deck[j] = deck[j], deck[1]
    set_aside = deck.pop()
    face_up = (deck.pop(), deck.pop(), deck.pop()) if players == 2 else ()
    hands = deck[: -players - 1 : -1]  # dealt from the top (the end), one per seat
    del deck[-players:]
    return set_aside, face_up, hands, deck


def check_deal(state: GameState, deal: Deal, first: str | None) -> None:
    """Raise ValueError saying what is wrong with `deal` for the current round."""
    if state.moves_in_round or state.pending is not None or state.over:
        raise ValueError("a deal can only replace a round before its first move")
    ed = edition(state.edition)
    players = [state.players[i].id for i in state.round_seats]
    if set(deal.hands) != set(players):
        raise ValueError(f"'hands' must give one card to each of {', '.join(players)}")
    want_face_up = 3 if len(players) == 2 else 0
    if len(deal.face_up) != want_face_up:
        raise ValueError(f"'face_up' must hold {want_face_up} cards with {len(players)} players")
    cards = [deal.set_aside, *deal.face_up, *deal.hands.values(), *deal.draw_pile]
    unknown = sorted({c for c in cards if c not in ed.by_id})
    if unknown:
        raise ValueError(f"unknown card ids for {ed.id}: {', '.join(map(str, unknown))}")
    have, want = Counter(cards), Counter(ed.deck(len(players)))
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        raise ValueError(
            "the cards must be exactly the deck for "
            f"{len(players)} players (extra: {extra or 'none'}; missing: {missing or 'none'})"
        )
    if first is not None and first not in state.first_candidates:
        allowed = ", ".join(state.first_candidates)
        raise ValueError(f"'first' must be {allowed} (rule C-2), not {first}")
