"""What the expert will still believe at its own later turns: the weights carried forward.

At the root the expert weights an opponent's card by their plays (`inference`), and its
guesses hit far more often for it (in two-player Pegasus games, 36% of its guesses hit by
those weights against 28% for the rules of thumb's flat count). Its playouts, though, played
its later turns with the flat count, so every later guess looked worse than the expert makes
it. Re-running the inference at each later turn of every playout would cost many playouts.

So the root weights are carried forward by the cheap part of the inference's own forward
pass: after an opponent plays card x, the card they kept is the one they held (weight w(c))
or the one they drew (weight w(x) for each copy of whichever they held), so a copy of c now
weighs w(c) + w(x); how likely the play itself was with each card is left out (that is the
costly part). A new hand (a Prince's discard, a swap, a knock-out) starts from no evidence.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.loveletter import events as E
from engine.loveletter.ai.inference import hand_since
from engine.loveletter.ai.knowledge import Knowledge
from engine.loveletter.views import PlayerView


def carried(
    view: PlayerView, k: Knowledge, player: str, since: int, w: Mapping[str, float]
) -> dict[str, float] | None:
    """`player`'s hand distribution now, from the weights `w` they had at `view.log[since]`.

    `w` weighs each copy of a card they may have held then (as `inference.weights`; a card
    missing could not be theirs). None where the count alone decides: a card the viewer
    knows, or a new hand since.
    """
    if player in k.known or hand_since(view.log, player, since) > since:
        return None
    v = dict(w)
    for e in view.log[since:]:
        if isinstance(e, E.CardPlayed) and e.player == player:
            x = v.get(e.card, 0.0)
            v = {c: v.get(c, 0.0) + x for c in k.unseen}
    return k.weighted(player, v)
