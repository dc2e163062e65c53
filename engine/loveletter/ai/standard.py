"""The standard AI: card counting from its own view plus rules of thumb (see `scoring`)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.loveletter.ai.knowledge import Knowledge, analyse
from engine.loveletter.ai.sanity import sensible
from engine.loveletter.ai.scoring import context, score
from engine.loveletter.moves import Move, Play
from engine.loveletter.views import PlayerView

NOISE = 1e-6  # breaks exact ties with the AI's own generator, never outweighs a real score


def ranked(
    view: PlayerView,
    legal: Sequence[Move],
    rng: random.Random,
    k: Knowledge | None = None,
    keep: Mapping[str, float] | None = None,
    dists: Mapping[str, dict[str, float]] | None = None,
) -> list[Move]:
    """The legal moves, best first by the rules of thumb (`k`: the view's card count).

    `keep` adds to a play's score a bonus for the card it keeps in hand (see `keeps`); without
    it the pass is skipped, as the plain rules of thumb pay nothing for the card kept.
    `dists` replaces the count's picture of some opponents' hands (see `carry`).
    """
    return _judge(view, tuple(legal), k or analyse(view), keep, dists).ranked(rng)


def choose(view: PlayerView, legal: Sequence[Move], rng: random.Random) -> Move:
    """The best-scoring legal move."""
    if len(legal) == 1:
        return legal[0]
    return ranked(view, legal, rng)[0]


def sane(
    view: PlayerView,
    legal: Sequence[Move],
    rng: random.Random,
    keep: Mapping[str, float] | None = None,
    k: Knowledge | None = None,
    dists: Mapping[str, dict[str, float]] | None = None,
) -> Move:
    """`choose` among the `sanity.sensible` moves, counting cards once (for playouts)."""
    return judged(view, legal, keep, k, dists).pick(rng)


@dataclass(frozen=True, slots=True)
class Judgement:
    """One view's sensible moves and their scores, before the tie-breaking noise.

    Kept apart from the pick so a playout that meets the same view again (see `expert`)
    reuses the scores and still draws the same noise from its generator.
    """

    moves: tuple[Move, ...]
    scores: tuple[float, ...]
    bonuses: tuple[float, ...] | None  # `keep` bonuses, added after the noise

    def pick(self, rng: random.Random) -> Move:
        """The best move, ties broken by `rng` exactly as `ranked` breaks them."""
        moves = self.moves
        if len(moves) == 1:
            return moves[0]
        # `_noisy` and the first best of it in one pass (every playout move picks)
        draw, scores, bonuses = rng.random, self.scores, self.bonuses
        best = 0
        if bonuses is None:
            top = scores[0] + draw() * NOISE
            for i in range(1, len(scores)):
                v = scores[i] + draw() * NOISE
                if v > top:
                    best, top = i, v
        else:
            top = scores[0] + draw() * NOISE + bonuses[0]
            for i in range(1, len(scores)):
                v = scores[i] + draw() * NOISE + bonuses[i]
                if v > top:
                    best, top = i, v
        return moves[best]

    def ranked(self, rng: random.Random) -> list[Move]:
        """Every move, best first (a noise draw for each, even a lone one)."""
        noisy = self._noisy(rng)
        order = sorted(range(len(noisy)), key=lambda i: (-noisy[i], i))
        return [self.moves[i] for i in order]

    def _noisy(self, rng: random.Random) -> list[float]:
        noisy = [s + rng.random() * NOISE for s in self.scores]
        if self.bonuses is not None:
            noisy = [s + b for s, b in zip(noisy, self.bonuses, strict=True)]
        return noisy


def judged(
    view: PlayerView,
    legal: Sequence[Move],
    keep: Mapping[str, float] | None = None,
    k: Knowledge | None = None,
    dists: Mapping[str, dict[str, float]] | None = None,
) -> Judgement:
    """The `sanity.sensible` moves with their rules-of-thumb scores (as `ranked` adds them),
    for the expert's playouts (`sensible(proven=False)`: the same moves, the same draws)."""
    k = k or analyse(view)
    moves = tuple(sensible(view, legal, k, proven=False))
    if len(moves) == 1:
        return Judgement(moves, (0.0,), None)
    return _judge(view, moves, k, keep, dists)


def _judge(
    view: PlayerView,
    moves: tuple[Move, ...],
    k: Knowledge,
    keep: Mapping[str, float] | None,
    dists: Mapping[str, dict[str, float]] | None,
) -> Judgement:
    """Score every one of `moves` (`keep` and `dists` as `ranked` describes them)."""
    ctx = context(view, k)
    if dists:
        ctx.dists.update(dists)
    scores = tuple([score(ctx, m) for m in moves])
    bonuses = tuple(_kept_bonus(view.hand, m, keep) for m in moves) if keep else None
    return Judgement(moves, scores, bonuses)


def _kept_bonus(hand: Sequence[str], move: Move, keep: Mapping[str, float]) -> float:
    if not isinstance(move, Play) or len(hand) != 2:
        return 0.0
    kept = hand[1] if hand[0] == move.card else hand[0]
    return keep.get(kept, 0.0)
