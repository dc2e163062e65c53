"""Moves that knock the mover out, known from the mover's own hand alone (C-10).

Only certainties count: playing the card that is out if discarded (HOB-3, L5R-3, PEG-3), or
making yourself discard it with the discard-and-draw card. A compare that might be lost is not
marked: its outcome depends on a card the mover cannot see.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.loveletter.cards import Kind
from engine.loveletter.editions import KINDS
from engine.loveletter.moves import Decide, Play


def knocks_you_out(edition_id: str, hand: Sequence[str], move: Play | Decide) -> bool:
    if not isinstance(move, Play):
        return False
    kinds = KINDS[edition_id]
    kind = kinds.get(move.card)
    if kind is Kind.OUT_IF_DISCARDED:
        return True
    if kind is Kind.DISCARD_DRAW and move.target == move.player:
        rest = list(hand)
        if move.card in rest:
            rest.remove(move.card)
        return any(kinds.get(c) is Kind.OUT_IF_DISCARDED for c in rest)
    return False
