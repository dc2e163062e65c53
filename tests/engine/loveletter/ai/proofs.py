"""What a player's view proves about other hands, worked out apart from the AI's knowledge.

The tests check the AI against this second reading of the log, so a fault in
`engine.loveletter.ai.knowledge` cannot hide the same fault in the AI. It proves less than the
AI may (it does not track the viewer's own hand through every draw), never more: the tests
also check each proof against the real hidden hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import engine.loveletter as engine
from engine.loveletter import events as E
from engine.loveletter.moves import Move, Play
from engine.loveletter.views import PlayerView

# Events that never change the hand of a player they name.
_KEEPS_HANDS = (
    E.RoundStarted,
    E.CardDealt,
    E.TurnStarted,
    E.GuessResult,
    E.HandSeen,
    E.Compared,
    E.CompareResult,
    E.Protected,
    E.NoEffect,
    E.FlattererBound,
    E.JesterMarked,
    E.TokenGained,
    E.DecisionPending,
)


class _Reader:
    """The forward pass: the viewer's own card while it knows it, and the proven hands."""

    def __init__(self, me: str) -> None:
        self.me = me
        self.mine: str | None = None  # my one card between turns, if I know it
        self.before: str | None = None  # my card when my turn started
        self.known: dict[str, str] = {}

    def read(self, e: E.Event) -> None:
        me, known = self.me, self.known
        if isinstance(e, E.CardDealt | E.CardReceived | E.CardDrawn) and e.player == me:
            self.mine = e.card
        elif isinstance(e, E.TurnStarted) and e.player == me:
            self.before, self.mine = self.mine, None
        elif isinstance(e, E.CardPlayed) and e.player == me:
            # I kept my earlier card unless I played a card of its name.
            self.mine = self.before if self.before not in (None, e.card) else None
        elif isinstance(e, E.CardPlayed):
            if known.get(e.player) == e.card:  # which copy they played: unknown
                del known[e.player]
        elif isinstance(e, E.HandSeen) and e.viewer == me:
            known[e.target] = e.card
        elif isinstance(e, E.Compared) and me in (e.player, e.target):
            mine_first = e.player == me
            known[e.target if mine_first else e.player] = (
                e.target_card if mine_first else e.player_card
            )
            self.mine = e.player_card if mine_first else e.target_card
        elif isinstance(e, E.GuessResult) and e.correct and isinstance(e.guess, str):
            known[e.target] = e.guess
        elif isinstance(e, E.HandsSwapped):
            self._swapped(e.first, e.second)
        elif isinstance(e, E.Discarded | E.KnockedOut):
            known.pop(e.player, None)
            if e.player == me:
                self.mine = None
        elif isinstance(e, E.AssassinRevealed | E.DecisionMade | E.RoundEnded):
            pass  # the hand changes only with the Discarded / KnockedOut that follows
        elif not isinstance(e, _KEEPS_HANDS):
            raise AssertionError(f"proofs: no rule for {e!r}")

    def _swapped(self, a: str, b: str) -> None:
        ka, kb = self.known.pop(a, None), self.known.pop(b, None)
        if self.me == a:
            ka = self.mine
        if self.me == b:
            kb = self.mine
        for p, card in ((a, kb), (b, ka)):
            if card is not None and p != self.me:
                self.known[p] = card


def proven(view: PlayerView) -> dict[str, str]:
    """Each other player still in the round whose one hand card the view proves."""
    assert view.me is not None
    reader = _Reader(view.me)
    for e in view.log:
        reader.read(e)
    alive = {s.id for s in view.seats if s.in_round and s.hand_size == 1}
    return {p: c for p, c in reader.known.items() if p in alive and p != view.me}


def misses_proof(
    view: PlayerView, legal: Sequence[Move], move: Move, proof: Mapping[str, str] | None = None
) -> bool:
    """Whether `move` is a guess naming another card than the one the view proves its target
    holds, while the same card may name that one at that player (`proof`: `proven(view)`,
    when the caller has it already, as it asks for every move of one view)."""
    if not isinstance(move, Play) or move.guess is None or move.target is None:
        return False
    card = (proven(view) if proof is None else proof).get(move.target)
    if card is None:
        return False
    ed = engine.edition(view.edition)
    right = move._replace(guess=ed.card(card).value if ed.guess_by_value else card)
    return right != move and right in legal
