"""The odds a player may ask for: the cards they have not seen yet this round, and how likely.

Counted from the player's own `PlayerView` only (their hand, every discard, the face-up cards,
and what their private log showed them), by the same card counting the AIs use, so it can never
reveal more than rule C-10 allows. Pegasus names values, so its odds are grouped by value.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.editions import edition
from engine.loveletter.views import PlayerView


@dataclass(frozen=True, slots=True)
class Odd:
    """One card (or one value, for Pegasus) the player has not seen, with its share."""

    key: str | int  # a card id, or a value when the edition guesses by value
    cards: tuple[str, ...]  # the card ids behind the key
    unseen: int  # copies not seen by the player
    chance: float  # unseen / all unseen cards (0 when nothing is unseen)


@dataclass(frozen=True, slots=True)
class Odds:
    by_value: bool
    total: int  # all unseen cards: other hands, the draw pile, set-aside cards
    rows: tuple[Odd, ...]  # highest value first; only keys with unseen copies


def unseen_cards(view: PlayerView) -> dict[str, int]:
    """Card id -> copies `view.me` has not seen this round (never negative)."""
    if view.me is None:
        raise ValueError("a spectator has no odds: they are not playing")
    counts = analyse(view).unseen
    return {card: n for card, n in counts.items() if n > 0}


def odds(view: PlayerView) -> Odds:
    """The unseen cards of `view.me`, with the chance for each card (or value on Pegasus)."""
    ed = edition(view.edition)
    unseen = unseen_cards(view)
    total = sum(unseen.values())
    groups: dict[str | int, list[str]] = {}
    for card in ed.cards:
        if unseen.get(card.id, 0) > 0:
            key: str | int = card.value if ed.guess_by_value else card.id
            groups.setdefault(key, []).append(card.id)
    rows = []
    for key, cards in groups.items():
        count = sum(unseen[c] for c in cards)
        rows.append(Odd(key, tuple(cards), count, count / total if total else 0.0))
    rows.sort(key=lambda o: (-ed.card(o.cards[0]).value, str(o.key)))
    return Odds(ed.guess_by_value, total, tuple(rows))
