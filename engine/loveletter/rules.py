"""The engine's entry points: start a game, list legal moves, apply a move.

`apply` is pure: it validates against the legal-move set (fast), clones the state, carries
the move out and returns the new state with the events. An illegal move raises
`IllegalMove` with a reason a player can read, and nothing changes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from engine.api import Refused
from engine.loveletter import events as E
from engine.loveletter.deals import check_deal
from engine.loveletter.editions import edition
from engine.loveletter.effects import discard_and_draw
from engine.loveletter.fixed import game_of
from engine.loveletter.legal import legal_moves, legal_set, normalise
from engine.loveletter.moves import Decide, Move, Play
from engine.loveletter.reasons import explain
from engine.loveletter.roundrec import Round
from engine.loveletter.rounds import Deal, end_round, start_round
from engine.loveletter.state import GameState

__all__ = ["IllegalMove", "apply", "legal_moves", "new_game"]

_new = object.__new__


class IllegalMove(Refused, ValueError):
    """A move the rules do not allow; `reason` is meant for the player."""


def new_game(
    edition_id: str,
    players: Sequence[str],
    rng: random.Random,
    options: Mapping[str, str] | None = None,
    *,
    names: Mapping[str, str] | None = None,
    tokens: Mapping[str, int] | None = None,
    deal: Deal | None = None,
    first: str | None = None,
) -> GameState:
    """A new game with round 1 dealt and the first player to move (C-1, C-2)."""
    ed = edition(edition_id)
    if not ed.min_players <= len(players) <= ed.max_players:
        raise ValueError(
            f"{ed.title} is for {ed.min_players}–{ed.max_players} players, not {len(players)}"
        )
    if len(set(players)) != len(players):
        raise ValueError("Every player needs a different name")
    opts = dict(options or {})
    for key, value in opts.items():
        allowed = ed.options.get(key)
        if allowed is None:
            raise ValueError(f"{ed.title} has no option {key!r}")
        if value not in allowed:
            raise ValueError(f"Option {key!r} must be one of {', '.join(allowed)}")
    names = names or {}
    tokens = tokens or {}
    # The state's fields filled directly (GameState() takes per-seat records): the game,
    # its tallies and no round yet; the deal fills the rest.
    st = _new(GameState)
    g = st.game = game_of(
        ed.id, opts, rng.getrandbits(63), players, [names.get(p, p) for p in players]
    )
    st.rd = Round.make(g.seating, (), [int(tokens.get(p, 0)) for p in players])
    st.over, st.legal = False, None
    if first is not None and first not in players:
        raise ValueError(f"{first} is not playing in this game")
    ev: list[E.Event] = []
    start_round(st, ev, tuple(range(len(players))), tuple(players), deal, first, own_rd=True)
    st.log = tuple(ev)  # round 1's log starts with its deal, like every later round's
    return st


def apply(
    state: GameState, move: Move, *, next_round: bool = True
) -> tuple[GameState, list[E.Event]]:
    """Carry out `move`; returns the new state and what happened, in order.

    `next_round=False` (for a search that stops at the round's end) leaves a round that
    ends unfollowed: tokens and any game win counted, the next round not dealt.
    """
    legal = state.legal or legal_set(state)  # the memo: usually set by the previous apply
    act = legal[1].get(move) or legal[3].get(move)
    if act is None:
        move = normalise(state, move)
        act = legal[1].get(move) or legal[3].get(move)
        if act is None:
            raise IllegalMove(explain(state, move))
    # state.clone(), inlined and merged with the play (this is the hottest code): each field
    # is written once. Keep in step with GameState.clone. `log` is set at the end.
    g = state.game
    st = _new(GameState)
    st.game, st.rd = g, state.rd
    hands = st.hands = [*state.hands]  # not [:]: a slice object made and dropped each move
    discards = st.discards = [*state.discards]
    st.alive, st.shield = state.alive, state.shield
    st.pile, st.left, st.set_aside_used = state.pile, state.left, state.set_aside_used
    st.knocked_out, st.pending, st.jester = state.knocked_out, state.pending, state.jester
    st.over, st.legal = state.over, None
    seat = st.active = state.active
    event, effect, arg = act
    # None: a guess, whose action every guesser shares; its effect must add the CardPlayed
    ev: list[E.Event] = [] if event is None else [event]
    if type(move) is Play:
        st.moves_in_round = state.moves_in_round + 1
        st.bound = None  # the Flatterer's binding ends with this card (PEG-16)
        card = move[1]  # move.card: a named tuple's field by name is a slow attribute look-up
        hand = hands[seat]
        if len(hand) == 2:
            hands[seat] = [hand[1]] if hand[0] == card else [hand[0]]
        else:
            hand = hand[:]
            hand.remove(card)
            hands[seat] = hand
        discards[seat] = [*discards[seat], card]
        if effect is not None:
            effect(st, ev, seat, move, arg)
    else:
        st.moves_in_round, st.bound = state.moves_in_round, state.bound
        _decide(st, ev, move)  # type: ignore[arg-type]
    if st.pending is None and not st.over:
        alive, left = st.alive, st.left
        if alive & (alive - 1) and left:  # C-3.5-6: two or more left, cards left: next turn
            seat = st.active = NEXT_SEAT[alive << 3 | seat]
            shield = st.shield
            if shield:
                st.shield = shield = shield & ~(1 << seat)  # protection ends, the player draws
            st.left = left = left - 1
            held, drawn = hands[seat], st.pile[left]
            if len(held) == 1:  # as always in play
                card = held[0]
                hands[seat] = [card, drawn]
                # The next player's legal set, looked up here where their new hand is at hand
                # and handed on in `legal`: the next legal_moves and apply need not build the
                # key and look it up again. The key: keep in step with `legal.legal_set`.
                st.legal = st.rd.legal.get((seat, st.bound, alive & ~shield, card, drawn))
            else:
                hands[seat] = [*held, drawn]
            ev.append(g.turn_started[seat])
            st.logged, st.newer = state.logged, (state.newer, tuple(ev))  # GameState.log
            return st, ev
        ended_by = "deck_empty" if alive & (alive - 1) else "last_standing"
        cut = end_round(st, ev, ended_by, next_round)
        if cut is not None:  # a new round began: its log starts with its deal
            st.logged = tuple(ev[cut:])  # GameState.log (start_round left `newer` None)
            return st, ev
    st.logged, st.newer = state.logged, (state.newer, tuple(ev))
    return st, ev


def _next_seat(key: int) -> int:
    alive, seat = key >> 3, key & 7
    later = alive >> seat + 1
    if later:
        return seat + (later & -later).bit_length()
    return (alive & -alive).bit_length() - 1 if alive else 0


# (bit mask of seats still in << 3 | active seat) -> the next seat still in, in turn order
NEXT_SEAT = [_next_seat(key) for key in range(256 << 3)]


def _decide(st: GameState, ev: list[E.Event], move: Decide) -> None:
    st.pending = None  # its DecisionMade event is already in `ev`
    if move.choice == "redraw":
        discard_and_draw(st, ev, st.seat(move.player))


def restack(state: GameState, deal: Deal, first: str | None) -> GameState:
    """Replace the current round's deal before its first move (scenario replay)."""
    check_deal(state, deal, first)
    st = state.clone()
    st.round_no -= 1
    ev: list[E.Event] = []
    start_round(st, ev, st.round_seats, st.first_candidates, deal, first, st.deciding)
    st.log = tuple(ev)
    return st
