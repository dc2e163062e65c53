"""Game, round and player state.

The state is a plain mutable record, but the engine treats it as a value: `rules.apply`
clones it first (an inlined copy of `GameState.clone`) and never touches its input. The
engine never changes a list (hand, discards, draw pile, tokens) in place: it assigns a new
one, so copies may share lists. The draw pile keeps its top card at the *end*.

Per-seat round data lives in lists indexed by seat (`hands`, `discards`, `tokens`) and in
bit masks (`alive` = in the round, `shield` = protected), not in one object per player: a
move then copies two short lists instead of whole player records. `players` gives
per-player records (live `Seat` views) for readers outside the hot path. What never
changes during a game (edition, options, seed, who sits where) is one shared `Game`
record, and what only changes between rounds is one `Round` record (`rd`), copied when it
changes. Drawing counts `left` down over a shared `pile` (see `draw_pile`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.loveletter.events import Event
from engine.loveletter.fixed import Game, game_of
from engine.loveletter.player import Player
from engine.loveletter.roundrec import InRound, Round, RoundResult

__all__ = ["GameState", "Pending", "Player", "RoundResult", "Seat"]

_new = object.__new__  # copies below fill the slots directly: far cheaper than __init__


@dataclass(slots=True)
class Pending:
    """A decision owed by a player who is not making a card play (PEG-11)."""

    player: str
    decision: str  # "bishop_redraw"


_OWN = (  # the fields a state keeps itself (copied by every clone)
    *("active", "pile", "left", "set_aside_used", "knocked_out", "moves_in_round"),
    *("pending", "bound", "jester", "logged", "newer", "over"),
)
_IN_ROUND = Round.__slots__[:-1]  # not the memo
_NOT_IN_KEY = ("pile", "left", "logged", "newer")  # compared as `draw_pile` and `log`

Newer = tuple["Newer", tuple[Event, ...]] | None
"""A move's events and the `newer` of the state it was applied to: (earlier, events)."""


class GameState:
    """Everything about a game; hidden parts leave the engine only through `views`."""

    __slots__ = (
        "game",  # the fixed facts (`fixed.Game`), shared by all states of a game
        "rd",  # the round's facts, tallies and history (`roundrec.Round`), copied on write
        "hands",  # per seat
        "discards",  # per seat, this round
        "alive",  # bit per seat still in the round
        "shield",  # bit per seat protected
        *_OWN,
        "legal",  # memo of legal.legal_set
    )
    game: Game
    rd: Round
    hands: list[list[str]]
    discards: list[list[str]]
    alive: int
    shield: int
    active: int
    pile: list[str]  # the draw pile's cards, top card last, and more below: see draw_pile
    left: int  # how many of `pile` are still in the draw pile: pile[:left]
    set_aside_used: bool  # drawn by a discard-and-draw after the pile ran out
    knocked_out: tuple[str, ...]
    moves_in_round: int
    pending: Pending | None
    bound: str | None  # the Flatterer's chosen player (PEG-16)
    jester: tuple[str, str] | None  # (Jester's player, marked player) (PEG-19)
    logged: tuple[Event, ...]  # the round's events up to `newer`'s (see `log`)
    newer: Newer  # the events of the moves since, newest last (see `log`)
    over: bool
    legal: Any

    round_no: InRound[int] = InRound()
    deciding: InRound[bool] = InRound()
    first: InRound[int] = InRound()
    first_candidates: InRound[tuple[str, ...]] = InRound()  # who may start (C-2)
    set_aside: InRound[str] = InRound()
    face_up: InRound[tuple[str, ...]] = InRound()
    tokens: InRound[list[int]] = InRound()  # per seat
    history: InRound[tuple[RoundResult, ...]] = InRound()
    winner: InRound[str | None] = InRound()

    def __init__(
        self,
        edition: str,
        options: dict[str, str],
        seed: int,
        players: list[Player],
        round_no: int = 0,
        round_seats: tuple[int, ...] = (),
        deciding: bool = False,
        first: int = 0,
        first_candidates: tuple[str, ...] = (),
        active: int = 0,
        draw_pile: list[str] | None = None,
        set_aside: str = "",
        set_aside_used: bool = False,
        face_up: tuple[str, ...] = (),
        knocked_out: tuple[str, ...] = (),
        moves_in_round: int = 0,
        pending: Pending | None = None,
        bound: str | None = None,
        jester: tuple[str, str] | None = None,
        history: tuple[RoundResult, ...] = (),
        log: tuple[Event, ...] = (),
        winner: str | None = None,
        over: bool = False,
    ) -> None:
        self.game = game_of(
            edition, options, seed, [p.id for p in players], [p.name for p in players]
        )
        self.rd = Round.make(
            self.game.seating, round_seats, [], round_no, deciding, first, first_candidates,
            set_aside, face_up, history, winner,
        )  # fmt: skip
        self.players = players  # sets the tokens too
        self.active = active
        self.draw_pile = [] if draw_pile is None else draw_pile
        self.set_aside_used, self.knocked_out = set_aside_used, knocked_out
        self.moves_in_round = moves_in_round
        self.pending, self.bound, self.jester = pending, bound, jester
        self.log, self.over = log, over
        self.legal = None

    @property
    def log(self) -> tuple[Event, ...]:
        """This round's events, in order. A move does not copy the log it extends: it keeps
        its own events beside the earlier state's (`newer`), joined here on first read."""
        newer = self.newer
        if newer is None:
            return self.logged
        parts = []
        while newer is not None:
            newer, events = newer
            parts.append(events)
        joined = list(self.logged)
        for events in reversed(parts):
            joined += events
        log = self.logged = tuple(joined)
        self.newer = None
        return log

    @log.setter
    def log(self, events: tuple[Event, ...]) -> None:
        self.logged, self.newer = tuple(events), None

    @property
    def draw_pile(self) -> list[str]:
        """The draw pile, top card last. Drawing only counts `left` down (no list copy a
        move); reading trims `pile` to a list of this state's own."""
        pile, left = self.pile, self.left
        if len(pile) != left:
            pile = self.pile = pile[:left]
        return pile

    @draw_pile.setter
    def draw_pile(self, cards: list[str]) -> None:
        self.pile, self.left = cards, len(cards)

    @property
    def round_seats(self) -> tuple[int, ...]:
        """Seats playing this round, in turn order (a C-9 deciding round leaves some out)."""
        return self.rd.round_seats

    @round_seats.setter
    def round_seats(self, seats: tuple[int, ...]) -> None:
        rd = self.rd = self.rd.copy()
        rd.seat(self.game.seating, seats)  # the deck depends on the count

    @property
    def edition(self) -> str:
        return self.game.edition

    @property
    def options(self) -> dict[str, str]:
        return self.game.options

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def players(self) -> list[Player]:
        """The seats as live records (`Seat`): assigning their fields changes this state."""
        return [Seat(self, i) for i in range(len(self.game.ids))]

    @players.setter
    def players(self, players: list[Player]) -> None:
        g = self.game
        if [p.id for p in players] != list(g.ids) or [p.name for p in players] != list(g.names):
            g = self.game = game_of(
                g.edition, g.options, g.seed, [p.id for p in players], [p.name for p in players]
            )
        self.tokens = [p.tokens for p in players]
        self.hands = [p.hand for p in players]
        self.discards = [p.discards for p in players]
        self.alive = sum(1 << i for i, p in enumerate(players) if p.in_round)
        self.shield = sum(1 << i for i, p in enumerate(players) if p.protected)
        self.legal = None

    def _key(self) -> tuple[object, ...]:
        g = self.game
        return (
            g.edition, g.options, g.seed, g.ids, g.names, self.hands, self.discards,
            self.alive, self.shield, self.draw_pile,
            self.log,
            *[getattr(self, f) for f in (*_OWN, *_IN_ROUND) if f not in _NOT_IN_KEY],
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GameState({self.edition!r}, round {self.round_no}, {self.players!r})"

    @property
    def actor(self) -> str | None:
        """Who must act now: the pending decider, else the active player; None once over."""
        if self.over:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.game.ids[self.active]

    @property
    def game_over(self) -> bool:
        return self.over

    def seat(self, player_id: str) -> int:
        """Seat index of a player id; KeyError if they are not at this table."""
        return self.game.index[player_id]

    def clone(self) -> GameState:
        """A copy sharing every list but the per-seat ones, which moves always change."""
        new = _new(GameState)
        new.game, new.rd = self.game, self.rd
        new.hands, new.discards = [*self.hands], [*self.discards]  # [:] makes a slice object
        new.alive, new.shield, new.active = self.alive, self.shield, self.active
        new.pile, new.left, new.set_aside_used = self.pile, self.left, self.set_aside_used
        new.knocked_out, new.moves_in_round = self.knocked_out, self.moves_in_round
        new.pending, new.bound, new.jester = self.pending, self.bound, self.jester
        new.logged, new.newer, new.over = self.logged, self.newer, self.over
        new.legal = None
        return new

    def draw(self) -> str | None:
        """Take the top card of the draw pile (the list may be shared: only `left` changes)."""
        left = self.left
        if not left:
            return None
        self.left = left = left - 1
        return self.pile[left]

    def draw_or_set_aside(self) -> tuple[str | None, bool]:
        """A replacement card: the draw pile, else the set-aside card (HOB-6, L5R-6, PEG-6)."""
        card = self.draw()
        if card is not None:
            return card, False
        if not self.set_aside_used:
            self.set_aside_used = True
            return self.rd.set_aside, True
        return None, False


class Seat(Player):
    """A live `Player` of one state: reading and assigning its fields reads and changes the
    state (for tests and tools that edit a position; the engine itself never uses it)."""

    __slots__ = ("_st", "_i")

    def __init__(self, st: GameState, i: int) -> None:  # noqa: D107
        self._st, self._i = st, i

    @property
    def id(self) -> str:
        return self._st.game.ids[self._i]

    @id.setter
    def id(self, value: str) -> None:
        raise AttributeError("a seat's player id is fixed for the game")

    @property
    def name(self) -> str:
        return self._st.game.names[self._i]

    @name.setter
    def name(self, value: str) -> None:
        raise AttributeError("a seat's name is fixed for the game")

    @property
    def tokens(self) -> int:
        return self._st.tokens[self._i]

    @tokens.setter
    def tokens(self, value: int) -> None:
        tokens = self._st.tokens = self._st.tokens[:]
        tokens[self._i] = value

    @property
    def hand(self) -> list[str]:
        return self._st.hands[self._i]

    @hand.setter
    def hand(self, value: list[str]) -> None:
        self._st.hands[self._i] = value
        self._st.legal = None

    @property
    def discards(self) -> list[str]:
        return self._st.discards[self._i]

    @discards.setter
    def discards(self, value: list[str]) -> None:
        self._st.discards[self._i] = value

    @property
    def in_round(self) -> bool:
        return bool(self._st.alive >> self._i & 1)

    @in_round.setter
    def in_round(self, value: bool) -> None:
        self._st.alive = self._st.alive & ~(1 << self._i) | value << self._i
        self._st.legal = None

    @property
    def protected(self) -> bool:
        return bool(self._st.shield >> self._i & 1)

    @protected.setter
    def protected(self, value: bool) -> None:
        self._st.shield = self._st.shield & ~(1 << self._i) | value << self._i
        self._st.legal = None
