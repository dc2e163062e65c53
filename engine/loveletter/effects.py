"""One small function per card kind, and the knock-out / token helpers they share.

Each effect gets the (already cloned) state, the event list to append to, the active seat
and the validated move. The played card is already on the discard pile.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from engine.loveletter import events as E
from engine.loveletter import flyweights as S
from engine.loveletter.cards import (  # NEEDS_CHOICE: no one to choose, no effect (C-5)
    NEEDS_CHOICE,
    Kind,
)
from engine.loveletter.editions import (
    CARD_OF_KIND,
    EDITIONS,
    KINDS,
    LOWER_OUT_WITH,
    MARSHAL_CARD,
    OUT_IF_DISCARDED_CARD,
    VALUES,
)
from engine.loveletter.flyweights import CARD_PLAYED, GUESSED
from engine.loveletter.moves import Play
from engine.loveletter.rounds import gain_token
from engine.loveletter.state import GameState, Pending

Events = list[E.Event]
# An effect gets the state, the event list, the active seat, the move and what `action`
# worked out for the move once (`arg`: the target's seat, unless the effect says otherwise).
Effect = Callable[[GameState, Events, int, Play, Any], None]


def knock_out(st: GameState, ev: Events, seat: int) -> None:
    """C-4: discard the hand without its function; PEG-14 Marshal heart if one was down."""
    discards = st.discards[seat]
    marshal = MARSHAL_CARD[st.game.edition]
    had_marshal = marshal is not None and marshal in discards
    cards = tuple(st.hands[seat])
    st.discards[seat] = [*discards, *cards]
    st.hands[seat] = []
    bit = 1 << seat
    st.alive &= ~bit
    st.shield &= ~bit
    pid = st.game.ids[seat]
    st.knocked_out = (*st.knocked_out, pid)
    ev.append(S.KNOCKED_OUT[pid, cards])
    if had_marshal:
        gain_token(st, ev, seat, "marshal")


def discard_and_draw(st: GameState, ev: Events, seat: int) -> None:
    """Discard the hand card without its function, then draw a replacement (HOB-6 and kin).

    Arkenstone / Princess knock the player out instead (HOB-3, L5R-3, PEG-3).
    """
    card = st.hands[seat][0]
    if card == OUT_IF_DISCARDED_CARD[st.game.edition]:
        knock_out(st, ev, seat)
        return
    pid = st.game.ids[seat]
    st.hands[seat] = []
    st.discards[seat] = [*st.discards[seat], card]
    ev.append(S.DISCARDED[pid, card])
    new, from_set_aside = st.draw_or_set_aside()
    if new is not None:
        st.hands[seat] = [new]
        ev.append(S.CARD_DRAWN[pid, new, from_set_aside])


def _value(st: GameState, card: str) -> int:
    return VALUES[st.game.edition][card]


def _no_effect(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    return None


def _knock_out_self(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    knock_out(st, ev, seat)


def _trade(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    _swap(st, ev, seat, arg)


def _swap(st: GameState, ev: Events, a: int, b: int) -> None:
    hands, ids = st.hands, st.game.ids
    hands[a], hands[b] = hands[b], hands[a]
    ev.append(S.HANDS_SWAPPED[ids[a], ids[b]])
    for receiver, giver in ((a, b), (b, a)):
        for card in hands[receiver]:
            ev.append(S.CARD_RECEIVED[ids[receiver], card, ids[giver]])


def _discard_draw(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    discard_and_draw(st, ev, arg)


def _protect(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    st.shield |= 1 << seat
    ev.append(st.game.seating.protected[seat])


def _compare(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    """`arg`: (target seat, target id, whether the higher hand is out)."""
    them, them_id, higher_out = arg
    g = st.game
    me_id = g.ids[seat]
    mine, theirs = st.hands[seat][0], st.hands[them][0]
    ev.append(S.COMPARED[me_id, them_id, mine, theirs])
    if higher_out and (swap := LOWER_OUT_WITH[g.edition]) and g.options.get(swap[0]) == swap[1]:
        higher_out = False  # HOB-9 [decision]: the German elves
    values = VALUES[g.edition]
    a, b = values[mine], values[theirs]
    loser = None
    if a != b:
        lower, higher = (seat, them) if a < b else (them, seat)
        loser = higher if higher_out else lower
    ev.append(S.COMPARE_RESULT[me_id, them_id, g.ids[loser] if loser is not None else None])
    if loser is not None:
        knock_out(st, ev, loser)


def _look(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    """`arg`: (target seat, target id)."""
    ids = st.game.ids
    ev.append(S.HAND_SEEN[ids[seat], arg[1], st.hands[arg[0]][0]])


def _guess(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    """`arg`: (target seat, the guessed card or value's cards, the edition's Assassin or
    None), shared by every guesser (`_guess_action`): so the events, the CardPlayed too, are
    looked up here for the guess made, not kept for each legal guess (fewer objects per
    legal-move set)."""
    played, miss, hit = GUESSED[move]
    ev.append(played)  # first: `apply` adds no CardPlayed for an action whose event is None
    t, hits, assassin = arg
    held = st.hands[t][0]
    if held == assassin:
        _assassin_strikes(st, ev, seat, t)
        return
    correct = held in hits  # PEG-10 names a value, the others a card
    ev.append(hit if correct else miss)
    if correct:
        knock_out(st, ev, t)


def _assassin_strikes(st: GameState, ev: Events, guesser: int, holder: int) -> None:
    """PEG-20: the guesser is out; the holder discards the Assassin and draws."""
    ids = st.game.ids
    ev.append(E.AssassinRevealed(ids[holder], ids[guesser]))
    knock_out(st, ev, guesser)
    if not st.over:
        discard_and_draw(st, ev, holder)


def _bishop(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    assert move.target is not None
    held = st.hands[arg][0]
    correct = _value(st, held) == move.guess
    ev.append(E.GuessResult(st.game.ids[seat], move.target, move.guess, correct))
    if not correct:
        return
    gain_token(st, ev, seat, "bishop")
    if not st.over:
        st.pending = Pending(move.target, "bishop_redraw")
        ev.append(E.DecisionPending(move.target, "bishop_redraw"))


def _flatterer(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    assert move.target is not None
    st.bound = move.target
    ev.append(E.FlattererBound(st.game.ids[seat], move.target))


def _baroness(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    g = st.game
    for t in move.targets:
        ev.append(S.HAND_SEEN[move.player, t, st.hands[g.index[t]][0]])


def _cardinal(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    a, b = move.targets
    _swap(st, ev, st.seat(a), st.seat(b))
    assert move.look is not None
    ev.append(E.HandSeen(st.game.ids[seat], move.look, st.hands[st.seat(move.look)][0]))


def _jester(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    assert move.target is not None
    me = st.game.ids[seat]
    st.jester = (me, move.target)
    ev.append(E.JesterMarked(me, move.target))


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

# (the public event, the effect, its arg). The event None (a guess's, shared by every guesser):
# the effect must add the move's CardPlayed itself, first, as `_guess` does; `apply` has no
# fallback (test_apply_events checks every play's first event).
Action = tuple[E.Event | None, Effect | None, Any]


def _no_choice(st: GameState, ev: Events, seat: int, move: Play, arg: Any) -> None:
    shielded = st.alive & st.shield & ~(1 << seat)
    ids = st.game.ids
    protected = tuple(ids[i] for i in range(len(ids)) if shielded >> i & 1)
    ev.append(E.NoEffect(move.player, move.card, protected))


@lru_cache(maxsize=1024)
def _guess_action(edition_id: str, target: int, guess: str | int | None) -> Action:
    """A guess's action: the same for every guesser, game and legal-move set, so one object
    serves them all (its event, None: `_guess` adds the move's CardPlayed)."""
    hits = _hits(edition_id, guess)
    return None, _guess, (target, hits, CARD_OF_KIND[edition_id].get(Kind.ASSASSIN))


@lru_cache(maxsize=256)
def _hits(edition_id: str, guess: str | int | None) -> frozenset[str]:
    """The cards a guess naming `guess` hits (PEG-10 names a value): the same for every
    guesser and target, so worked out once, not at each legal move's first sight."""
    values = VALUES[edition_id]
    by_value = EDITIONS[edition_id].guess_by_value
    return frozenset(c for c in values if (values[c] if by_value else c) == guess)


def action(edition_id: str, move: Play, index: Mapping[str, int]) -> Action:
    """What carrying out a legal play takes: its public event, its effect (None: none) and
    the effect's `arg`; `index` gives each player's seat.

    Worked out once per legal move and memoised with the legal-move set (`legal`).
    """
    kind = KINDS[edition_id][move.card]
    if kind in NEEDS_CHOICE and not (move.target or move.targets):
        return CARD_PLAYED[move], _no_choice, None
    effect = EFFECTS[kind]
    arg: Any = index[move.target] if move.target is not None else None
    if effect is _guess:  # most of a hand's legal moves: one shared action each (issue 44)
        return _guess_action(edition_id, arg, move.guess)
    elif effect is _compare:
        arg = (arg, move.target, kind is Kind.COMPARE_HIGH_OUT)
    elif effect is _look:
        arg = (arg, move.target)
    return CARD_PLAYED[move], None if effect is _no_effect else effect, arg
