"""Opponent model: which card an opponent holds, judged by every play they chose since.

Card counting alone treats every unseen card as equally likely in an opponent's hand, but a
player who played card X chose to keep the other one. For each play an opponent made since
their hand was last replaced (a deal, a Prince's redraw, a swap) we rebuild their view just
before it, as far as our own view shows it, and score their choice with the rules of thumb
for each card they may have held beside it: the worse the observed play looks with that
card, the less likely the card. A forward pass over those plays (each turn they either kept
their card and played the one drawn, or played their card and kept the one drawn) gives the
weight of each card they may hold now. Only our view is read, so the weights cannot peek.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import TypeGuard

from engine.loveletter import events as E
from engine.loveletter.ai.knowledge import Knowledge, analyse
from engine.loveletter.ai.scoring import context, score
from engine.loveletter.cards import Kind
from engine.loveletter.editions import edition
from engine.loveletter.legal import forced_card, moves_with_hand
from engine.loveletter.moves import Move, Play
from engine.loveletter.views import PlayerView, SeatView

BETA = 3.0  # weight lost per score point the observed play falls short of the best one
FLOOR = 0.05  # our picture of their view is approximate: no card becomes impossible
FORBIDDEN = 0.001  # the rules forced another play with this card (PEG-4 and kin)

Weights = dict[str, dict[str, float]]


def weights(view: PlayerView, k: Knowledge) -> Weights:
    """Per opponent, a weight for each copy of a card they may hold (absent: no evidence)."""
    out: Weights = {}
    for s in view.seats:
        if s.id == k.me or not s.in_round or s.id in k.known or s.hand_size != 1:
            continue
        start = hand_since(view.log, s.id)
        if not any(_is_play(e, s.id) for e in view.log[start:]):
            continue
        w = _chain_weights(view, k, s.id, start)
        if w:
            out[s.id] = w
    return out


def hand_since(log: tuple[E.Event, ...], p: str, start: int = 0) -> int:
    """Log index from which `p`'s hand this round is a chain of keeps (after a redraw);
    only `log[start:]` is read, and `start` is the answer if no redraw is there."""
    for i in range(len(log) - 1, start - 1, -1):
        e = log[i]
        if isinstance(e, _NEW_HAND) and e.player == p:
            return i + 1
        if isinstance(e, E.HandsSwapped) and p in (e.first, e.second):
            return i + 1
    return start


def _is_play(e: E.Event, p: str) -> TypeGuard[E.CardPlayed]:
    return isinstance(e, E.CardPlayed) and e.player == p


def _last_play(log: tuple[E.Event, ...], p: str) -> int | None:
    """Index of `p`'s last play this round, if the card they kept is still their hand."""
    start = hand_since(log, p)
    plays = [i for i in range(start, len(log)) if _is_play(log[i], p)]
    return plays[-1] if plays else None


_NEW_HAND = (E.Discarded, E.CardDrawn, E.CardReceived, E.KnockedOut)


def _chain_weights(view: PlayerView, k: Knowledge, p: str, start: int) -> dict[str, float]:
    """The forward pass: alpha[c] = chance of what we saw so far with `c` in `p`'s hand."""
    log = view.log
    copies = Counter({c: n for c, n in k.unseen.items() if n > 0})
    for e in log[start:]:
        if _is_play(e, p):
            copies[e.card] += 1  # a card they played was one they might have drawn
    total = sum(copies.values())
    q = {c: n / total for c, n in copies.items()}
    alpha = dict(q)
    for at in range(start, len(log)):
        e = log[at]
        if _is_play(e, p):
            like = _likelihoods(view, k, p, at, e, q)
            x = e.card
            held_x = alpha.get(x, 0.0)
            alpha = {c: like[c] * (alpha[c] * q[x] + held_x * q[c]) for c in alpha if c != x}
            alpha[x] = like.get(x, 0.0) * held_x * q[x]
        else:
            _observe(alpha, k, p, e)
        norm = sum(alpha.values())
        if norm <= 0.0:
            return {}
        alpha = {c: a / norm for c, a in alpha.items()}
    out = {c: alpha[c] / n for c, n in k.unseen.items() if n > 0 and c in alpha and k.allows(p, c)}
    top = max(out.values(), default=0.0)
    if top <= 0.0:
        return {}
    return {c: max(FORBIDDEN * FORBIDDEN, w / top) for c, w in out.items()}


def _observe(alpha: dict[str, float], k: Knowledge, p: str, e: E.Event) -> None:
    """What we saw of `p`'s hand between their plays: a look, a compare, a missed guess."""
    card = None
    if isinstance(e, E.HandSeen) and e.viewer == k.me and e.target == p:
        card = e.card
    elif isinstance(e, E.Compared) and {e.player, e.target} == {k.me, p}:
        card = e.target_card if e.target == p else e.player_card
    if card is not None and card in alpha:
        for c in alpha:
            alpha[c] = 1.0 if c == card else 0.0
    elif isinstance(e, E.GuessResult) and e.target == p and not e.correct:
        named = e.guess
        for c in alpha:
            if c == named or (isinstance(named, int) and k.value(c) == named):
                alpha[c] = 0.0


def _likelihoods(
    view: PlayerView, k: Knowledge, p: str, at: int, played: E.CardPlayed, q: dict[str, float]
) -> dict[str, float]:
    """For each card `c`, how likely `p` was to make this play holding `played.card` and `c`."""
    looks = tuple(E.HandSeen(who, k.me, card) for i, who, card in k.looks if who == p and i < at)
    before = _view_before(view, p, at, looks)
    ed = k.ed
    others = tuple(s.id for s in before.seats if s.in_round and not s.protected and s.id != p)
    dealt = sum(1 for s in view.seats if s.playing)
    out: dict[str, float] = {}
    for card in q:
        hand = [played.card, card]
        forced = forced_card(ed, hand)
        if forced is not None and forced != played.card:
            out[card] = FORBIDDEN
            continue
        legal = moves_with_hand(ed, dealt, p, hand, others, before.bound)
        theirs = replace(before, hand=tuple(hand))
        ctx = context(theirs, analyse(theirs))
        scores = [(score(ctx, m), m) for m in legal]
        best = max(s for s, _ in scores)
        seen = [s for s, m in scores if _matches(m, played)]
        if not seen:
            seen = [s for s, m in scores if isinstance(m, Play) and m.card == played.card]
        if not seen:
            out[card] = FLOOR
            continue
        out[card] = max(FLOOR, math.exp(BETA * (max(seen) - best)))
    return out


def _matches(m: Move, e: E.CardPlayed) -> bool:
    if not isinstance(m, Play) or m.card != e.card or m.guess != e.guess:
        return False
    targets = m.targets or ((m.target,) if m.target else ())
    return set(targets) == set(e.targets)


def _view_before(
    view: PlayerView, p: str, at: int, looks: tuple[E.HandSeen, ...] = ()
) -> PlayerView:
    """`p`'s view just before the play at log index `at`, as far as our view shows it.

    Only what `p` was shown stays in the log: the public events and those addressed to
    `p` too (a compare with us), plus `looks` (what they saw of our hand); our own private
    events (our deal, what we saw, drew or received) are not part of their picture.
    """
    log = tuple(e for e in view.log[:at] if e.visible_to(p)) + looks
    later = view.log[at:]
    discards = {s.id: list(s.discards) for s in view.seats}
    draws = 0
    for e in later:
        if isinstance(e, (E.CardPlayed, E.Discarded)):
            _remove(discards, e.player, (e.card,))
            draws += isinstance(e, E.Discarded)
        elif isinstance(e, E.KnockedOut):
            _remove(discards, e.player, e.discarded)
        elif isinstance(e, E.TurnStarted):
            draws += 1
    out_before = {e.player for e in log if isinstance(e, E.KnockedOut)}
    protected = _protected(view, log)
    seats = tuple(
        SeatView(
            s.id,
            s.name,
            s.tokens,
            s.playing,
            s.playing and s.id not in out_before,
            s.id in protected,
            tuple(discards[s.id]),
            2 if s.id == p else (1 if s.playing and s.id not in out_before else 0),
        )
        for s in view.seats
    )
    return replace(
        view,
        me=p,
        active=p,
        actor=p,
        pending=None,
        draw_pile=view.draw_pile + draws,
        seats=seats,
        log=log,
        bound=_bound(log),
    )


def _remove(discards: dict[str, list[str]], player: str, cards: tuple[str, ...]) -> None:
    pile = discards.get(player)
    if pile is None:
        return
    for c in cards:
        for i in range(len(pile) - 1, -1, -1):
            if pile[i] == c:
                del pile[i]
                break


def _protected(view: PlayerView, log: tuple[E.Event, ...]) -> set[str]:
    """Players whose last play was protection and whose turn has not come round since."""
    ed = edition(view.edition)
    out: set[str] = set()
    for e in log:
        if isinstance(e, (E.TurnStarted, E.KnockedOut)):
            out.discard(e.player)
        elif isinstance(e, E.CardPlayed) and ed.card(e.card).kind is Kind.PROTECT:
            out.add(e.player)
    return out


def _bound(log: tuple[E.Event, ...]) -> str | None:
    """The Flatterer's binding (PEG-16) still waiting for the next card played, if any."""
    for e in reversed(log):
        if isinstance(e, E.FlattererBound):
            return e.target
        if isinstance(e, E.CardPlayed):
            return None
    return None
