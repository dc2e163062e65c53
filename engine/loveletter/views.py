"""What one player may know (C-10): public facts, their own hand, their private log.

This is the only way hidden cards leave the engine besides events addressed to a player.
`player_view(state, None)` is the spectators' view: the public table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.loveletter.events import Event
from engine.loveletter.flyweights import Shared
from engine.loveletter.rounds import target
from engine.loveletter.state import GameState, RoundResult


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat as everyone sees it."""

    id: str
    name: str
    tokens: int
    playing: bool  # dealt into this round (a deciding round leaves some out)
    in_round: bool
    protected: bool
    discards: tuple[str, ...]
    hand_size: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Exactly what `me` may know; `me` is None for a spectator."""

    edition: str
    options: dict[str, str]
    me: str | None
    round: int
    deciding: bool
    active: str | None
    actor: str | None
    pending: tuple[str, str] | None  # (player, decision)
    draw_pile: int
    face_up: tuple[str, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[str, ...]
    bound: str | None
    jester: tuple[str, str] | None
    target: int
    log: tuple[Event, ...]
    history: tuple[RoundResult, ...]
    game_over: bool
    winner: str | None

    def seat(self, player: str) -> SeatView:
        return next(s for s in self.seats if s.id == player)

    def to_dict(self) -> dict[str, Any]:
        from engine.loveletter.codec import result_to_dict

        return {
            "edition": self.edition,
            "options": dict(self.options),
            "me": self.me,
            "round": self.round,
            "deciding": self.deciding,
            "active": self.active,
            "actor": self.actor,
            "pending": list(self.pending) if self.pending else None,
            "draw_pile": self.draw_pile,
            "face_up": list(self.face_up),
            "seats": [
                {
                    "id": s.id,
                    "name": s.name,
                    "tokens": s.tokens,
                    "playing": s.playing,
                    "in_round": s.in_round,
                    "protected": s.protected,
                    "discards": list(s.discards),
                    "hand_size": s.hand_size,
                }
                for s in self.seats
            ],
            "hand": list(self.hand),
            "bound": self.bound,
            "jester": list(self.jester) if self.jester else None,
            "target": self.target,
            "log": [e.to_dict() for e in self.log],
            "history": [result_to_dict(r) for r in self.history],
            "game_over": self.game_over,
            "winner": self.winner,
        }


def _public_kinds() -> frozenset[type[Event]]:
    """Event classes that never narrow their audience: seen by all without asking each.

    A class defined later is not here, so it is asked (`Event.visible_to`), never assumed.
    """
    out: set[type[Event]] = set()
    todo = [Event]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.audience is Event.audience:
            out.add(cls)
    return frozenset(out)


_PUBLIC = _public_kinds()


# Seats change little from one view to the next (a search views thousands of states of one
# round): equal seats share one immutable SeatView instead of building it again. A shared
# table keyed by player ids like the events' (`flyweights`), so a bot's budget bounds it too
# (a full table of 4,096 was that many more objects for every full garbage collection).
SeatKey = tuple[str, str, int, bool, bool, bool, tuple[str, ...], int]
_SEAT_VIEWS: Shared[SeatKey, SeatView] = Shared(lambda key: SeatView(*key), most=4096)


def visible(events: Iterable[Event], player: str | None) -> list[Event]:
    """The events `player` (None: a spectator) may see, in order."""
    return [e for e in events if type(e) in _PUBLIC or e.visible_to(player)]


def player_view(
    state: GameState, player: str | None, log: tuple[Event, ...] | None = None
) -> PlayerView:
    """The view of `player` (or of a spectator): rule C-10, nothing more.

    `log`: `visible(state.log, player)` when the caller has it already (the expert's
    playouts filter each event once as it comes, not the whole log at every view).
    """
    g = state.game
    hand: tuple[str, ...] = ()
    if player is not None:
        hand = tuple(state.hands[state.seat(player)])
    alive, shield, playing, tokens = state.alive, state.shield, state.round_seats, state.tokens
    seats = tuple(
        [
            _SEAT_VIEWS[
                pid,
                g.names[i],
                tokens[i],
                i in playing,
                bool(alive >> i & 1),
                bool(shield >> i & 1),
                tuple(state.discards[i]),
                len(state.hands[i]),
            ]
            for i, pid in enumerate(g.ids)
        ]
    )
    if log is None:
        log = tuple(visible(state.log, player))
    # The fields in order, not by keyword: with 19 keywords the record took 1.6 times as long
    # to make, and the expert's playouts make a view at every step.
    return PlayerView(
        g.edition,
        dict(g.options),
        player,  # me
        state.round_no,
        state.deciding,
        None if state.over else g.ids[state.active],  # active
        state.actor,
        (state.pending.player, state.pending.decision) if state.pending else None,
        state.left,  # draw_pile
        state.face_up,
        seats,
        hand,
        state.bound,
        state.jester,
        target(state),
        log,
        state.history,
        state.over,  # game_over
        state.winner,
    )
