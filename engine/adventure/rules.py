"""The engine's entry points: a new game, the legal decisions of a hobbit, applying one.

`apply` works on a clone and returns it with the events of the decision; a refused decision
raises `Illegal` (an `engine.api.Refused`) and the given state is untouched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.adventure import board as B
from engine.adventure import events as E
from engine.adventure import legal
from engine.adventure.cards import DECK_LISTS
from engine.adventure.decisions import Decision
from engine.adventure.flow import begin_turn, dispatch, free_action, run
from engine.adventure.reasons import why
from engine.adventure.state import Hobbit, State
from engine.api import Refused

__all__ = ["Illegal", "apply", "legal_moves", "new_game", "setup", "start"]


class Illegal(Refused):
    """A decision the rules of adventure.md do not allow now."""


def check_players(players: Sequence[str]) -> None:
    if not 2 <= len(players) <= 4:
        raise ValueError("The Hobbit Adventure Boardgame needs 2 to 4 hobbits.")
    if len(set(players)) != len(players) or not all(isinstance(p, str) and p for p in players):
        raise ValueError("Hobbits must have distinct, non-empty names.")


def setup(players: Sequence[str], rng: random.Random) -> State:
    """ADV-1: every hobbit at Hobbiton with 12 LP and 10 GP, decks shuffled, talismans laid."""
    check_players(players)
    decks = {}
    for deck, cards in DECK_LISTS.items():
        ids = [c.id for c in cards]
        rng.shuffle(ids)
        decks[deck] = tuple(ids)
    return State(
        players=list(players),
        hobbits={p: Hobbit(p) for p in players},
        decks=decks,
        board={place: tuple(colours) for place, colours in B.START_TALISMANS.items()},
        rng=rng.getrandbits(64),
    )


def start(s: State, first: str) -> None:
    """Announce the first hobbit and begin its turn."""
    s.first = first
    s.log.append(E.GameStarted(players=tuple(s.players), first=first))
    begin_turn(s, first)
    run(s)


def new_game(players: Sequence[str], rng: random.Random) -> State:
    """A new game; the first hobbit is drawn at random (ADV-1 [decision])."""
    s = setup(players, rng)
    start(s, rng.choice(list(players)))
    return s


def legal_moves(state: State, player: str) -> list[Decision]:
    """Every complete legal decision of `player` now (kept with the state once worked out)."""
    return list(_legal(state, player))


def _legal(state: State, player: str) -> list[Decision]:
    """The kept list itself: read it, never change it."""
    found = state.memo.get(player)
    if found is None:
        found = state.memo[player] = legal.legal_moves(state, player)
    return found


def _is_legal(state: State, player: str, d: Decision) -> bool:
    """`d` is one of the legal decisions: the very object (as the platform passes them back)
    found first, since comparing decisions field by field is the slow way."""
    found = _legal(state, player)
    for m in found:
        if m is d:
            return True
    return d in found


def _complete(state: State, player: str, d: Decision) -> Decision:
    """An `avoid` decision completed: a chase-away without `target` names the nearest hobbit
    when only one is nearest."""
    if d.target is None and d.card is not None:
        found = [m for m in _legal(state, player) if m.action == "avoid" and m.card == d.card]
        if len(found) == 1:
            return found[0]
    return d


def apply(state: State, player: str, d: Decision) -> tuple[State, list[E.AdvEvent]]:
    """The new state and the events of `d`; Illegal with a reason if the rules forbid it."""
    if d.action == "avoid":
        d = _complete(state, player, d)
    over = state.winner is not None or state.dragon_won  # state.over, without a property call
    if over or player not in state.hobbits or not _is_legal(state, player, d):
        raise Illegal(why(state, player, d))
    s = state.clone()
    kind = s.pending.kind if s.pending is not None and d.action != "use" else ""
    s.log.append(E.Decided(player, d.plain(), False, kind))
    if d.action == "use":
        # ADV-11: a free action never changes whose decision is awaited. The pending decision
        # was asked already; it stays asked even if the free action left it one option (run()
        # would take that option for its hobbit), and nothing else moves on. Its options are
        # worked out again (a heal may take away the Haven's), so it is asked anew.
        if s.pending is not None:
            s.pending = s.pending.clone()
        free_action(s, player, d)
    else:
        dispatch(s, d)
        run(s)
    events: list[E.AdvEvent] = s.log
    s.log = []
    return s, events
