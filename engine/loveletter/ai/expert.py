"""The expert: determinised Monte Carlo search with `standard` playouts.

For a fixed number of sampled worlds (hidden cards drawn consistently with the view), each
candidate move is applied and the round is played out by `standard` AIs for every seat;
the move with the best average token outcome wins. Candidates are the rules of thumb's
best moves, so the search refines `standard` instead of starting from nothing. Iteration
counts, not the clock, bound the work: the same view and generator give the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.loveletter.ai import standard
from engine.loveletter.ai.determinise import sample_state
from engine.loveletter.ai.inference import weights
from engine.loveletter.ai.knowledge import analyse
from engine.loveletter.events import RoundEnded
from engine.loveletter.moves import Move, Play
from engine.loveletter.rules import apply, legal_moves
from engine.loveletter.state import GameState
from engine.loveletter.views import PlayerView, player_view

CANDIDATES = 4
BUDGET = 1500  # playout moves per decision, in 2-player cost units (see `_move_cost`)
MAX_WORLDS = 40
GAME_WON = 5.0
# Opponents' hands are weighted by their last plays (`inference`) at tables up to this size;
# beyond, the expansion's many choices make the weighting too slow for the time target.
INFER_SEATS = 4
PRIOR = 0.03  # tie-breaker for the rules of thumb's favourite, in tokens per world


def choose(view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
    """The candidate with the best average outcome over the sampled worlds."""
    if len(legal) == 1:
        return legal[0]
    order = standard.ranked(view, legal, rng)
    candidates = _candidates(order)
    if len(candidates) == 1:
        return candidates[0]
    k = analyse(view)
    likely = weights(view, k) if len(view.seats) <= INFER_SEATS else None
    alive = sum(1 for s in view.seats if s.in_round)
    remaining = max(1, view.draw_pile + alive)
    cost = remaining * len(candidates) * _move_cost(len(view.seats))
    worlds = max(2, min(MAX_WORLDS, int(BUDGET // cost)))
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        world = sample_state(view, k, rng, likely)
        seed = rng.getrandbits(32)
        for i, move in enumerate(candidates):
            totals[i] += _playout(world, move, view.me or "", random.Random(seed))
    totals[0] += PRIOR * worlds
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def _move_cost(players: int) -> float:
    """Relative cost of one playout move: views and logs grow with the table."""
    return max(1.0, players - 1.5)


def _candidates(order: list[Move]) -> list[Move]:
    """The best move for each card in hand, then the next best, up to `CANDIDATES`."""
    picked: list[Move] = []
    cards: set[str] = set()
    for m in order:
        key = m.card if isinstance(m, Play) else m.choice
        if key not in cards:
            cards.add(key)
            picked.append(m)
    for m in order:
        if len(picked) >= CANDIDATES:
            break
        if m not in picked:
            picked.append(m)
    return picked


def _playout(world: GameState, move: Move, me: str, rng: random.Random) -> float:
    """Play `move`, then `standard` for everyone to the end of the round; my token gain."""
    start = {p.id: p.tokens for p in world.players}
    state, events = apply(world, move)
    while not state.over and not any(isinstance(e, RoundEnded) for e in events):
        actor = state.actor
        assert actor is not None
        legal = legal_moves(state)
        mv = legal[0] if len(legal) == 1 else standard.choose(player_view(state, actor), legal, rng)
        state, events = apply(state, mv)
    gains = {p.id: p.tokens - start[p.id] for p in state.players}
    mine = gains.pop(me, 0)
    others = sum(gains.values()) / max(1, len(gains))
    result = mine - others
    if state.over:
        result += GAME_WON if state.winner == me else -GAME_WON
    return result
