"""Opponent model: which card an opponent kept, judged by the play they chose instead.

Card counting alone treats every unseen card as equally likely in an opponent's hand, but a
player who just played card X chose to keep the other one. For each card an opponent may
hold we rebuild their view just before their last play, as far as our own view shows it,
and score their choice with the rules of thumb: the worse the observed play looks with
that card in hand, the less weight the card gets when worlds are sampled. Only our view is
read, so the weights cannot peek.
"""

from __future__ import annotations

import math
from dataclasses import replace

from engine.loveletter import events as E
from engine.loveletter.ai.knowledge import Knowledge, analyse
from engine.loveletter.ai.scoring import context, score
from engine.loveletter.cards import Kind
from engine.loveletter.editions import edition
from engine.loveletter.legal import forced_card, moves_with_hand
from engine.loveletter.moves import Move, Play
from engine.loveletter.views import PlayerView, SeatView

BETA = 1.0  # weight lost per score point the observed play falls short of the best one
FLOOR = 0.05  # our picture of their view is approximate: no card becomes impossible
FORBIDDEN = 0.001  # the rules forced another play with this card (PEG-4 and kin)

Weights = dict[str, dict[str, float]]


def weights(view: PlayerView, k: Knowledge) -> Weights:
    """Per opponent, a weight for each card they may hold (absent: no evidence)."""
    out: Weights = {}
    for s in view.seats:
        if s.id == k.me or not s.in_round or s.id in k.known or s.hand_size != 1:
            continue
        at = _last_play(view.log, s.id)
        if at is None:
            continue
        w = _card_weights(view, k, s.id, at)
        if w:
            out[s.id] = w
    return out


def _last_play(log: tuple[E.Event, ...], p: str) -> int | None:
    """Index of `p`'s last play this round, if the card they kept is still their hand."""
    for i in range(len(log) - 1, -1, -1):
        e = log[i]
        if isinstance(e, E.CardPlayed) and e.player == p:
            return i
        if isinstance(e, _NEW_HAND) and e.player == p:
            return None
        if isinstance(e, E.HandsSwapped) and p in (e.first, e.second):
            return None
    return None


_NEW_HAND = (E.Discarded, E.CardDrawn, E.CardReceived, E.KnockedOut)


def _card_weights(view: PlayerView, k: Knowledge, p: str, at: int) -> dict[str, float]:
    played = view.log[at]
    assert isinstance(played, E.CardPlayed)
    before = _view_before(view, p, at, _their_look(k, p, played))
    ed = k.ed
    others = tuple(s.id for s in before.seats if s.in_round and not s.protected and s.id != p)
    dealt = sum(1 for s in view.seats if s.playing)
    out: dict[str, float] = {}
    for card, n in k.unseen.items():
        if n <= 0 or not k.allows(p, card):
            continue
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


def _their_look(k: Knowledge, p: str, played: E.CardPlayed) -> E.HandSeen | None:
    """What `p` knew of our card when they played, if they still know it and knew it then."""
    if p not in k.exposed or k.exposed_card is None:
        return None
    if k.me in played.targets and k.ed.card(played.card).kind in _LEARNS:
        return None  # they may have learnt it from this very play
    return E.HandSeen(p, k.me, k.exposed_card)


_LEARNS = frozenset(
    {
        Kind.LOOK,
        Kind.BARONESS,
        Kind.COMPARE_LOW_OUT,
        Kind.COMPARE_HIGH_OUT,
        Kind.TRADE,
        Kind.CARDINAL,
    }
)


def _view_before(view: PlayerView, p: str, at: int, look: E.HandSeen | None = None) -> PlayerView:
    """`p`'s view just before the play at log index `at`, as far as our view shows it.

    Only what `p` was shown stays in the log: the public events and those addressed to
    `p` too (a compare with us); our own private events (our deal, what we saw, drew or
    received) are not part of their picture.
    """
    log = tuple(e for e in view.log[:at] if e.visible_to(p)) + ((look,) if look else ())
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
