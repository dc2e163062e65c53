"""Game, round and player state.

The state is a plain mutable record, but the engine treats it as a value: `rules.apply`
clones it first (`GameState.clone`, copy-on-write per player) and never touches its input.
The engine never changes a list (hand, discards, draw pile) in place: it assigns a new
one, so copies may share lists. The draw pile keeps its top card at the *end*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.events import Event

_new = object.__new__  # copies below fill the slots directly: far cheaper than __init__


@dataclass(slots=True)
class Player:
    """One seat: the tally is for the whole game, the rest is for the current round."""

    id: str
    name: str
    tokens: int = 0
    hand: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    in_round: bool = False
    protected: bool = False

    def copy(self) -> Player:
        """A shallow copy: the lists are shared, as the engine only ever replaces them."""
        new = _new(Player)
        new.id, new.name, new.tokens = self.id, self.name, self.tokens
        new.hand, new.discards = self.hand, self.discards
        new.in_round, new.protected = self.in_round, self.protected
        return new


@dataclass(slots=True)
class Pending:
    """A decision owed by a player who is not making a card play (PEG-11)."""

    player: str
    decision: str  # "bishop_redraw"


@dataclass(slots=True)
class RoundResult:
    """How a finished round went; public once the round is over (C-7)."""

    number: int
    players: tuple[str, ...]
    first: str
    ended_by: str  # last_standing | deck_empty | game_won
    winners: tuple[str, ...]
    knocked_out: tuple[str, ...]
    set_aside: str
    reveal: dict[str, tuple[str, int]]  # player -> (card, round-end value)
    deciding: bool


@dataclass(slots=True)
class GameState:
    """Everything about a game; hidden parts leave the engine only through `views`."""

    edition: str
    options: dict[str, str]
    seed: int
    players: list[Player]
    round_no: int = 0
    round_seats: tuple[int, ...] = ()  # seats playing this round, in turn order
    deciding: bool = False
    first: int = 0
    first_candidates: tuple[str, ...] = ()  # who C-2 allows to start this round
    active: int = 0
    draw_pile: list[str] = field(default_factory=list)  # top card last
    set_aside: str = ""
    set_aside_used: bool = False  # drawn by a discard-and-draw after the pile ran out
    face_up: tuple[str, ...] = ()
    knocked_out: tuple[str, ...] = ()
    moves_in_round: int = 0
    pending: Pending | None = None
    bound: str | None = None  # the Flatterer's chosen player (PEG-16)
    jester: tuple[str, str] | None = None  # (Jester's player, marked player) (PEG-19)
    history: tuple[RoundResult, ...] = ()
    log: tuple[Event, ...] = ()  # this round's events, in order
    winner: str | None = None
    over: bool = False
    fresh: int = 0  # bit per seat already copied in this apply; never serialised
    legal: Any = field(default=None, compare=False, repr=False)  # memo of legal.legal_set

    @property
    def actor(self) -> str | None:
        """Who must act now: the pending decider, else the active player; None once over."""
        if self.over:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.players[self.active].id

    @property
    def game_over(self) -> bool:
        return self.over

    def seat(self, player_id: str) -> int:
        """Seat index of a player id; KeyError if they are not at this table."""
        i = 0
        for p in self.players:  # cheaper than enumerate(): this runs several times a move
            if p.id == player_id:
                return i
            i += 1  # noqa: SIM113
        raise KeyError(player_id)

    def clone(self) -> GameState:
        """A copy that shares players until `mut` copies them (copy-on-write)."""
        new = _new(GameState)
        new.edition, new.options, new.seed = self.edition, self.options, self.seed
        new.players = self.players[:]
        new.round_no, new.round_seats = self.round_no, self.round_seats
        new.deciding, new.first = self.deciding, self.first
        new.first_candidates, new.active = self.first_candidates, self.active
        new.draw_pile, new.set_aside = self.draw_pile, self.set_aside
        new.set_aside_used, new.face_up = self.set_aside_used, self.face_up
        new.knocked_out, new.moves_in_round = self.knocked_out, self.moves_in_round
        new.pending, new.bound, new.jester = self.pending, self.bound, self.jester
        new.history, new.log = self.history, self.log
        new.winner, new.over = self.winner, self.over
        new.fresh, new.legal = 0, None
        return new

    def mut(self, seat: int) -> Player:
        """The player at `seat`, copied once per apply so the input state stays untouched."""
        old = self.players[seat]
        if self.fresh >> seat & 1:
            return old
        self.fresh |= 1 << seat
        new = self.players[seat] = _new(Player)  # old.copy(), inlined: it runs every move
        new.id, new.name, new.tokens = old.id, old.name, old.tokens
        new.hand, new.discards = old.hand, old.discards
        new.in_round, new.protected = old.in_round, old.protected
        return new

    def draw(self) -> str | None:
        """Take the top card of the draw pile (a fresh list: the old one may be shared)."""
        if not self.draw_pile:
            return None
        pile = self.draw_pile
        self.draw_pile = pile[:-1]
        return pile[-1]

    def draw_or_set_aside(self) -> tuple[str | None, bool]:
        """A replacement card: the draw pile, else the set-aside card (HOB-6, L5R-6, PEG-6)."""
        card = self.draw()
        if card is not None:
            return card, False
        if not self.set_aside_used:
            self.set_aside_used = True
            return self.set_aside, True
        return None, False
