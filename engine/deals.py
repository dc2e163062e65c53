"""Checks for a stacked deal (scenario-format.md): exactly the deck, the right shape."""

from __future__ import annotations

from collections import Counter

from engine.editions import edition
from engine.rounds import Deal
from engine.state import GameState


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
