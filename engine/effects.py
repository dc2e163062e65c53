"""One small function per card kind, and the knock-out / token helpers they share.

Each effect gets the (already cloned) state, the event list to append to, the active seat
and the validated move. The played card is already on the discard pile.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import events as E
from engine.cards import Kind
from engine.editions import KINDS, VALUES
from engine.moves import Play
from engine.rounds import gain_token
from engine.shared import GUESS_RESULT, PROTECTED
from engine.state import GameState, Pending

Events = list[E.Event]
Effect = Callable[[GameState, Events, int, Play], None]


def knock_out(st: GameState, ev: Events, seat: int) -> None:
    """C-4: discard the hand without its function; PEG-14 Marshal heart if one was down."""
    p = st.mut(seat)
    had_marshal = "marshal" in p.discards and st.edition == "pegasus"
    cards = tuple(p.hand)
    p.discards = [*p.discards, *cards]
    p.hand = []
    p.in_round = False
    p.protected = False
    st.knocked_out = (*st.knocked_out, p.id)
    ev.append(E.KnockedOut(p.id, cards))
    if had_marshal:
        gain_token(st, ev, seat, "marshal")


def discard_and_draw(st: GameState, ev: Events, seat: int) -> None:
    """Discard the hand card without its function, then draw a replacement (HOB-6 and kin).

    Arkenstone / Princess knock the player out instead (HOB-3, L5R-3, PEG-3).
    """
    p = st.mut(seat)
    card = p.hand[0]
    if KINDS[st.edition][card] is Kind.OUT_IF_DISCARDED:
        knock_out(st, ev, seat)
        return
    p.hand = []
    p.discards = [*p.discards, card]
    ev.append(E.Discarded(p.id, card))
    new, from_set_aside = st.draw_or_set_aside()
    if new is not None:
        p.hand = [new]
        ev.append(E.CardDrawn(p.id, new, from_set_aside))


def _value(st: GameState, card: str) -> int:
    return VALUES[st.edition][card]


def _no_effect(st: GameState, ev: Events, seat: int, move: Play) -> None:
    return None


def _knock_out_self(st: GameState, ev: Events, seat: int, move: Play) -> None:
    knock_out(st, ev, seat)


def _trade(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    _swap(st, ev, seat, st.seat(move.target))


def _swap(st: GameState, ev: Events, a: int, b: int) -> None:
    pa, pb = st.mut(a), st.mut(b)
    pa.hand, pb.hand = pb.hand, pa.hand
    ev.append(E.HandsSwapped(pa.id, pb.id))
    for receiver, giver in ((pa, pb), (pb, pa)):
        for card in receiver.hand:
            ev.append(E.CardReceived(receiver.id, card, giver.id))


def _discard_draw(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    discard_and_draw(st, ev, st.seat(move.target))


def _protect(st: GameState, ev: Events, seat: int, move: Play) -> None:
    st.mut(seat).protected = True
    ev.append(PROTECTED[st.players[seat].id])


def _compare(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    me, them = st.players[seat], st.players[st.seat(move.target)]
    mine, theirs = me.hand[0], them.hand[0]
    ev.append(E.Compared(me.id, them.id, mine, theirs))
    kind = KINDS[st.edition][move.card]
    higher_out = kind is Kind.COMPARE_HIGH_OUT and not (
        move.card == "tauriel" and st.options.get("elves") == "german"
    )
    a, b = _value(st, mine), _value(st, theirs)
    loser = None
    if a != b:
        lower, higher = (me, them) if a < b else (them, me)
        loser = higher if higher_out else lower
    ev.append(E.CompareResult(me.id, them.id, loser.id if loser else None))
    if loser is not None:
        knock_out(st, ev, st.seat(loser.id))


def _look(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    target = st.players[st.seat(move.target)]
    ev.append(E.HandSeen(st.players[seat].id, target.id, target.hand[0]))


def _guess(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    t = st.seat(move.target)
    held = st.players[t].hand[0]
    if held == "assassin":
        _assassin_strikes(st, ev, seat, t)
        return
    by_value = st.edition == "pegasus"  # PEG-10 names a value, the others a card
    correct = VALUES["pegasus"][held] == move.guess if by_value else held == move.guess
    ev.append(GUESS_RESULT[move, correct])
    if correct:
        knock_out(st, ev, t)


def _assassin_strikes(st: GameState, ev: Events, guesser: int, holder: int) -> None:
    """PEG-20: the guesser is out; the holder discards the Assassin and draws."""
    ev.append(E.AssassinRevealed(st.players[holder].id, st.players[guesser].id))
    knock_out(st, ev, guesser)
    if not st.over:
        discard_and_draw(st, ev, holder)


def _bishop(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    held = st.players[st.seat(move.target)].hand[0]
    correct = _value(st, held) == move.guess
    ev.append(E.GuessResult(st.players[seat].id, move.target, move.guess, correct))
    if not correct:
        return
    gain_token(st, ev, seat, "bishop")
    if not st.over:
        st.pending = Pending(move.target, "bishop_redraw")
        ev.append(E.DecisionPending(move.target, "bishop_redraw"))


def _flatterer(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    st.bound = move.target
    ev.append(E.FlattererBound(st.players[seat].id, move.target))


def _baroness(st: GameState, ev: Events, seat: int, move: Play) -> None:
    me = st.players[seat].id
    for t in move.targets:
        ev.append(E.HandSeen(me, t, st.players[st.seat(t)].hand[0]))


def _cardinal(st: GameState, ev: Events, seat: int, move: Play) -> None:
    a, b = move.targets
    _swap(st, ev, st.seat(a), st.seat(b))
    assert move.look is not None
    ev.append(E.HandSeen(st.players[seat].id, move.look, st.players[st.seat(move.look)].hand[0]))


def _jester(st: GameState, ev: Events, seat: int, move: Play) -> None:
    assert move.target is not None
    st.jester = (st.players[seat].id, move.target)
    ev.append(E.JesterMarked(st.players[seat].id, move.target))


EFFECTS: dict[Kind, Effect] = {
    Kind.OUT_IF_DISCARDED: _knock_out_self,
    Kind.FORCED: _no_effect,
    Kind.TRADE: _trade,
    Kind.DISCARD_DRAW: _discard_draw,
    Kind.PROTECT: _protect,
    Kind.COMPARE_LOW_OUT: _compare,
    Kind.COMPARE_HIGH_OUT: _compare,
    Kind.LOOK: _look,
    Kind.GUESS: _guess,
    Kind.RING: _no_effect,
    Kind.BISHOP: _bishop,
    Kind.MARSHAL: _no_effect,
    Kind.COUNT: _no_effect,
    Kind.FLATTERER: _flatterer,
    Kind.BARONESS: _baroness,
    Kind.CARDINAL: _cardinal,
    Kind.JESTER: _jester,
    Kind.ASSASSIN: _no_effect,
}
