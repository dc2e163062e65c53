"""Determinisation: one complete `GameState` consistent with a player's view.

The public parts are copied from the view; the hidden cards (other hands, draw pile,
set-aside card) are drawn from the cards the viewer has not seen, honouring what the viewer
knows (seen hands, missed guesses, compare outcomes). Only the view and the generator are
read, so the result cannot depend on the real hidden cards.
"""

from __future__ import annotations

import random

from engine.loveletter import events as E
from engine.loveletter.ai.inference import Weights
from engine.loveletter.ai.knowledge import Knowledge
from engine.loveletter.state import GameState, Pending, Player
from engine.loveletter.views import PlayerView


def sample_state(
    view: PlayerView, k: Knowledge, rng: random.Random, weights: Weights | None = None
) -> GameState:
    """A state the viewer cannot tell from the real one, with hidden cards sampled.

    `weights` (see `inference`) make an opponent's likelier cards likelier in the sample.
    """
    return Sampler(view, k, weights).sample(rng)


class Sampler:
    """`sample_state` for many worlds of one view: what every world shares (the public
    parts, the sorted pool of unseen cards, the log with their looks) is read once."""

    __slots__ = (
        "view", "k", "weights", "pool", "knocked", "played", "log",
        "round_seats", "first", "first_candidates", "active",
    )  # fmt: skip

    def __init__(self, view: PlayerView, k: Knowledge, weights: Weights | None = None) -> None:
        self.view, self.k, self.weights = view, k, weights
        self.pool = sorted(k.unseen.elements())
        seat_of = {s.id: i for i, s in enumerate(view.seats)}
        first = next((e.first for e in view.log if isinstance(e, E.RoundStarted)), view.active)
        assert view.active is not None
        self.round_seats = tuple(i for i, s in enumerate(view.seats) if s.playing)
        self.first = seat_of.get(first or view.active, 0)
        self.first_candidates = (first or view.active,)
        self.active = seat_of[view.active]
        self.knocked = tuple(e.player for e in view.log if isinstance(e, E.KnockedOut))
        self.played = sum(1 for e in view.log if isinstance(e, E.CardPlayed))
        self.log = view.log + _their_looks(view, k)

    def sample(self, rng: random.Random) -> GameState:
        """One world, drawn with `rng` (the same draws as `sample_state` makes)."""
        view, k, weights = self.view, self.k, self.weights
        pool = list(self.pool)
        rng.shuffle(pool)
        players = []
        for s in view.seats:
            hand: list[str] = []
            if s.id == k.me:
                hand = list(view.hand)
            elif s.in_round:
                if s.id in k.known:
                    hand.append(k.known[s.id])
                w = weights.get(s.id) if weights else None
                if w is not None and not hand and s.hand_size == 1 and pool:
                    hand.append(_take_weighted(pool, k, s.id, w, rng))
                while len(hand) < s.hand_size and pool:
                    hand.append(_take(pool, k, s.id))
            players.append(
                Player(s.id, s.name, s.tokens, hand, list(s.discards), s.in_round, s.protected)
            )
        need = view.draw_pile
        draw_pile = pool[:need]
        set_aside = pool[need] if len(pool) > need else ""
        return GameState(
            edition=view.edition,
            options=dict(view.options),
            seed=rng.getrandbits(63),
            players=players,
            round_no=view.round,
            round_seats=self.round_seats,
            deciding=view.deciding,
            first=self.first,
            first_candidates=self.first_candidates,
            active=self.active,
            draw_pile=draw_pile,
            set_aside=set_aside,
            set_aside_used=not set_aside,
            face_up=view.face_up,
            knocked_out=self.knocked,
            moves_in_round=self.played,
            pending=Pending(*view.pending) if view.pending else None,
            bound=view.bound,
            jester=view.jester,
            history=view.history,
            log=self.log,
        )


def _their_looks(view: PlayerView, k: Knowledge) -> tuple[E.Event, ...]:
    """What the others know of my card, as private events of theirs in the sampled world.

    Their own looks at my hand are not in my log; without them the simulated opponents
    would forget what they saw (a Priest's look, a Baron's compare) and play as if blind.
    """
    card = k.exposed_card
    if card is None or card not in view.hand:
        return ()
    alive = {s.id for s in view.seats if s.in_round}
    return tuple(E.HandSeen(p, k.me, card) for p in sorted(k.exposed & alive) if p != k.me)


def _take(pool: list[str], k: Knowledge, player: str) -> str:
    """The first card in the shuffled pool that `player` may hold (any card if none may)."""
    for i in range(len(pool) - 1, -1, -1):
        if k.allows(player, pool[i]):
            return pool.pop(i)
    return pool.pop()


def _take_weighted(
    pool: list[str], k: Knowledge, player: str, w: dict[str, float], rng: random.Random
) -> str:
    """A card `player` may hold, each copy in the pool as likely as its weight."""
    allowed = [i for i, c in enumerate(pool) if k.allows(player, c)]
    if not allowed:
        return pool.pop()
    total = sum(w.get(pool[i], 0.0) for i in allowed)
    r = rng.random() * total
    for i in allowed:
        r -= w.get(pool[i], 0.0)
        if r < 0:
            return pool.pop(i)
    return pool.pop(allowed[-1])
