"""A round's cards: the seeded shuffle (C-1, C-11) and checks for a stacked deal
(scenario-format.md: exactly the deck, the right shape)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from math import factorial
from operator import itemgetter
from typing import Any

from engine.loveletter.editions import edition
from engine.loveletter.fixed import Game
from engine.loveletter.state import GameState


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
    blake = game.seed_hash[16 if cards <= 17 else 32].copy()  # f"{seed}/" hashed already
    blake.update(_ROUND_NUMBERS[round_no] if round_no < 100 else str(round_no).encode())
    return int.from_bytes(blake.digest(), "big")


_ROUND_NUMBERS = [str(n).encode() for n in range(100)]  # the end of the hashed text, as bytes


_LOW = 6  # the last swaps, i < _LOW, only move the bottom _LOW cards: looked up as a whole


def _bottom_orders() -> list[Callable[[list[str]], Any]]:
    """For each value of the bits left for the last swaps (< _LOW!), where each of the
    bottom cards comes from (their Fisher-Yates, done once)."""
    out: list[Callable[[list[str]], Any]] = []
    for bits in range(factorial(_LOW)):
        order = list(range(_LOW))
        for i in range(_LOW - 1, 0, -1):
            j = bits % (i + 1)
            bits //= i + 1
            order[i], order[j] = order[j], order[i]
        out.append(itemgetter(*order))
    return out


_BOTTOM = _bottom_orders()
# (edition, players) -> (the deck's card ids, n!, the upper swaps in pairs, one more swap?)
_DECKS: dict[
    tuple[str, int], tuple[tuple[str, ...], int, tuple[tuple[int, int, int, int], ...], bool]
] = {}


def shuffled(
    edition_id: str, players: int, bits: int
) -> tuple[str, tuple[str, ...], list[str], list[str]]:
    """Fisher-Yates on `bits`: the set-aside card, the face-up cards, the hands in seat
    order and the draw pile (top card last).

    Swap i (from the top down) takes j = bits % (i + 1), then bits //= i + 1. Two swaps
    at a time take the same digits from one divmod by (i + 1) * i, and the last swaps
    are one table look-up: the same cards, in fewer Python steps.
    """
    known = _DECKS.get((edition_id, players))
    if known is None:
        ids = edition(edition_id).deck(players)
        upper = range(len(ids) - 1, _LOW - 1, -1)  # the swaps above the bottom cards
        pairs = tuple((i, i - 1, i + 1, (i + 1) * i) for i in upper[: len(upper) // 2 * 2 : 2])
        known = _DECKS[edition_id, players] = (ids, factorial(len(ids)), pairs, len(upper) % 2 == 1)
    ids, fact, pairs, single = known
    deck = list(ids)
    bits %= fact  # only bits mod n! steer the swaps; a smaller int divides faster
    for i, h, k, kk in pairs:
        bits, r = divmod(bits, kk)
        j = r % k
        deck[i], deck[j] = deck[j], deck[i]
        j = r // k
        deck[h], deck[j] = deck[j], deck[h]
    if single:  # swap _LOW is left over
        bits, j = divmod(bits, _LOW + 1)
        deck[_LOW], deck[j] = deck[j], deck[_LOW]
    deck[:_LOW] = _BOTTOM[bits](deck)
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
