"""Determinisation: whole games consistent with what one hobbit knows (its view, ADV-12).

The view hides the order of every deck and the other hobbits' unshown Riddle and Magic cards
(only how many each holds). A sampled world deals every card the viewer cannot see at random:
the decks get cards of their own kind in a random order, and the others' hidden cards are the
Riddle and Magic cards left over (the deck sizes fix how many of each the others hold in all),
dealt at random with at most four Riddle cards per hobbit. The dice get a fresh generator.
Nothing but the view and the public card lists is read, so a world never carries a secret.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.adventure.cards import DECK_COUNTS, HELD, MAGIC, RIDDLE
from engine.adventure.codec import decode
from engine.adventure.state import State

MAX_RIDDLES = 4
DEAL_TRIES = 8


def unseen(view: dict[str, Any]) -> dict[str, list[str]]:
    """Per deck, the cards the viewer cannot see anywhere (in a deck or in another's hand)."""
    left = {deck: Counter(counts) for deck, counts in DECK_COUNTS.items()}
    for h in view["hobbits"].values():
        for cid in [*h["cards"], *_own_hidden(h)]:
            left[HELD[cid].deck][cid] -= 1
    for deck, cid in view["table"]:
        left[deck][cid] -= 1
    return {deck: sorted(counts.elements()) for deck, counts in left.items()}


def sample(view: dict[str, Any], rng: random.Random) -> State:
    """One complete game the viewer cannot tell apart from the real one."""
    pool = unseen(view)
    sizes: dict[str, int] = view["decks"]
    for cards in pool.values():
        rng.shuffle(cards)
    hidden = pool[RIDDLE][sizes[RIDDLE] :] + pool[MAGIC][sizes[MAGIC] :]
    hands = _deal(view, hidden, rng)
    data = dict(view)
    data["decks"] = {deck: cards[: sizes[deck]] for deck, cards in pool.items()}
    data["hobbits"] = {}
    for pid, h in view["hobbits"].items():
        mine = _own_hidden(h) if isinstance(h["secret"], list) else hands[pid]
        data["hobbits"][pid] = {**h, "cards": [*h["cards"], *mine]}
    data["rng"] = rng.getrandbits(64)
    data["dice"] = {}
    return decode(data)


def _deal(view: dict[str, Any], hidden: list[str], rng: random.Random) -> dict[str, list[str]]:
    """The hidden cards dealt to the other hobbits by their counts; a deal giving a hobbit
    more than four Riddle cards is dealt again (the last try is kept, should all fail)."""
    counts = {
        pid: h["secret"] for pid, h in view["hobbits"].items() if not isinstance(h["secret"], list)
    }
    hands: dict[str, list[str]] = {}
    for _ in range(DEAL_TRIES):
        rng.shuffle(hidden)
        hands, i = {}, 0
        for pid, n in counts.items():
            hands[pid], i = hidden[i : i + n], i + n
        shown = {pid: view["hobbits"][pid]["cards"] for pid in counts}
        if all(_riddles(hand) + _riddles(shown[pid]) <= MAX_RIDDLES for pid, hand in hands.items()):
            break
    return hands


def _own_hidden(h: dict[str, Any]) -> list[str]:
    """The viewer's own secret cards not among its `cards` (those list the shown ones too)."""
    if not isinstance(h["secret"], list):
        return []
    return list((Counter(h["secret"]) - Counter(h["cards"])).elements())


def _riddles(cards: list[str]) -> int:
    return sum(1 for c in cards if HELD[c].deck == RIDDLE)
