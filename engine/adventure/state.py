"""The state of one game (ADV-1): hobbits, decks in order, talismans on the board, the turn.

A state is plain data. `apply` works on a `clone()` so a refused decision changes nothing.
A clone shares what a decision may not change (structural sharing, copy-on-write): the
hobbits, the turn, the fight, the duel and the visit are copied only when a rule changes them,
through `own_hobbit(pid)`, `own_turn()`, `own_fight()`, `own_visit()` and `own_duel()`, so a
decision copies the parts it touches and nothing else. Decks and the talismans lying on the
board are tuples: a clone shares them and a change replaces them (`to_deck`, `off_board`).
Everything a turn still has to do is kept as data too: `tasks` is a stack of steps still to
run (an arrival, a Rest card to draw...), `pending` the decision awaited and from whom, and
`fight` / `duel` / `visit` the fight, riddle duel or Village visit under way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.adventure.board import PLACES
from engine.adventure.cards import DEFENCES, WEAPONS
from engine.adventure.decisions import Decision

MAX_LP = 12
START_LP = 12
START_GP = 10
COLOURS = ("blue", "green", "red", "yellow")
_new = object.__new__


@dataclass(slots=True)
class Hobbit:
    """One hobbit: where it is, its LP, GP, talismans and every card it holds.

    `smiths` names the weapons carrying a Weapon-smith (one entry per smithed weapon; the
    Weapon-smith cards are in `cards` too). `shown` lists held secret cards everybody has seen
    (the Elven cloak once it counted in a fight).
    """

    id: str
    place: str = "hobbiton"
    lp: int = START_LP
    gp: int = START_GP
    talismans: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    smiths: list[str] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)
    out: bool = False

    def clone(self) -> Hobbit:
        new = _new(Hobbit)  # every field set below: cheaper than the dataclass __init__
        new.id, new.place, new.lp, new.gp, new.out = self.id, self.place, self.lp, self.gp, self.out
        new.talismans, new.cards = self.talismans[:], self.cards[:]
        new.smiths, new.shown = self.smiths[:], self.shown[:]
        return new

    def has(self, cid: str) -> bool:
        return cid in self.cards

    def weapons(self) -> list[str]:
        return [c for c in self.cards if c in WEAPONS]

    def defences(self) -> list[str]:
        return [c for c in self.cards if c in DEFENCES]


@dataclass(slots=True)
class Turn:
    """The turn under way: whose it is, where it began, the movement roll."""

    player: str
    start: str
    roll: int | str | None = None
    to: str | None = None
    """With a roll of 1: the destination named before the Adventure card is drawn."""
    used_move: bool = False

    def clone(self) -> Turn:
        new = _new(Turn)  # every field set below: cheaper than the dataclass __init__
        new.player, new.start, new.roll = self.player, self.start, self.roll
        new.to, new.used_move = self.to, self.used_move
        return new


@dataclass(slots=True)
class Fight:
    """A fight under way (ADV-6, ADV-7); `card` "dragon" with `deck` "" is the Dragon."""

    fighter: str
    deck: str
    card: str
    drawn_at: str
    danger: bool = False
    avoidable: bool = True
    power: int | None = None
    bonus: int = 0
    prepared: list[str] = field(default_factory=list)
    dice: list[str] = field(default_factory=list)
    rerolls: int = 0
    losses: int = 0
    chased: bool = False
    stage: str = "avoid"

    def clone(self) -> Fight:
        return Fight(
            self.fighter,
            self.deck,
            self.card,
            self.drawn_at,
            self.danger,
            self.avoidable,
            self.power,
            self.bonus,
            list(self.prepared),
            list(self.dice),
            self.rerolls,
            self.losses,
            self.chased,
            self.stage,
        )

    @property
    def dragon(self) -> bool:
        return self.card == "dragon"


@dataclass(slots=True)
class Duel:
    """A riddle duel (ADV-8): who challenges whom, and the riddle shown now."""

    challenger: str
    challenged: str
    riddle: str | None = None

    def clone(self) -> Duel:
        return Duel(self.challenger, self.challenged, self.riddle)


@dataclass(slots=True)
class Visit:
    """A Village visit (ADV-5): what was done already; `refused` Jewellery offers kept."""

    place: str
    riddle_drawn: bool = False
    browsed: bool = False
    refused: int = 0

    def clone(self) -> Visit:
        return Visit(self.place, self.riddle_drawn, self.browsed, self.refused)


@dataclass(slots=True)
class Pending:
    """The decision awaited: its kind (see legal.py) and from whom; `ctx` is plain JSON."""

    player: str
    kind: str
    ctx: dict[str, Any] = field(default_factory=dict)
    options: list[Decision] | None = field(default=None, compare=False)
    """The decisions it offers, once worked out (legal.pending_options). A pending decision is
    replaced, never changed, whenever the game moves on, so they stay right; not saved."""

    def clone(self) -> Pending:
        """The same decision without its worked-out options; `ctx` is never changed once made."""
        return Pending(self.player, self.kind, self.ctx)


@dataclass(slots=True)
class State:
    """One game. `rng` is the state of the game's own dice generator (None: none, scripts
    only); `dice` holds scripted dice queues (scenario format) consumed before it."""

    players: list[str]
    hobbits: dict[str, Hobbit]
    decks: dict[str, tuple[str, ...]]
    board: dict[str, tuple[str, ...]]
    rng: int | None
    dice: dict[str, list[Any]] = field(default_factory=dict)
    """Scripted dice queues; an empty one is shared by clones (only a scenario's set-up fills
    it, on a new state)."""
    first: str = ""
    turn_no: int = 0
    turn: Turn | None = None
    pending: Pending | None = None
    tasks: list[list[str]] = field(default_factory=list)
    """Steps still to run, the last first; a step (["goto", place]...) is never changed once
    made, so clones share the steps and copy only the stack."""
    fight: Fight | None = None
    duel: Duel | None = None
    visit: Visit | None = None
    table: list[list[str]] = field(default_factory=list)
    """Cards out of their decks while they are resolved: [deck, card] pairs (never changed,
    only added and removed, so clones share them)."""
    winner: str | None = None
    dragon_won: bool = False
    log: list[Any] = field(default_factory=list)
    """Events of the decision being applied, appended as they happen (not part of the saved
    state)."""
    memo: dict[str, Any] = field(default_factory=dict)
    """Legal decisions by player, once asked (a finished state never changes; not saved)."""
    own: set[str] = field(default_factory=set, compare=False, repr=False)
    """The parts this state holds alone and may change in place: hobbit ids, and "turn",
    "fight", "duel", "visit", "board" (with a space before them, so no hobbit's name can match).
    Every other part may be shared with a clone and is copied before it is changed. Parts
    made by the state itself count as shared until first owned (one copy too many at most)."""

    def clone(self) -> State:
        """A copy sharing every part with this state: from now on both copy a part before
        changing it (this state gives up what it owned, since the clone shares it)."""
        self.own.clear()
        new = _new(State)  # every field set below: cheaper than the dataclass __init__
        new.players, new.hobbits, new.decks = self.players, dict(self.hobbits), dict(self.decks)
        new.board, new.rng, new.first, new.turn_no = self.board, self.rng, self.first, self.turn_no
        new.dice = {k: list(v) for k, v in self.dice.items()} if self.dice else self.dice
        new.turn, new.pending, new.tasks = self.turn, self.pending, self.tasks[:]
        new.fight, new.duel, new.visit = self.fight, self.duel, self.visit
        new.table, new.winner, new.dragon_won = self.table[:], self.winner, self.dragon_won
        new.log, new.memo, new.own = [], {}, set()
        return new

    def own_hobbit(self, pid: str) -> Hobbit:
        """The hobbit `pid`, to change: this state's own copy."""
        h = self.hobbits[pid]
        if pid not in self.own:
            h = self.hobbits[pid] = h.clone()
            self.own.add(pid)
        return h

    def own_turn(self) -> Turn:
        """The turn under way, to change: this state's own copy."""
        assert self.turn is not None
        if " turn" not in self.own:
            self.turn = self.turn.clone()
            self.own.add(" turn")
        return self.turn

    def begin_fight(self, fight: Fight) -> None:
        """A new fight: this state's own from the start (its first change copies nothing)."""
        self.fight = fight
        self.own.add(" fight")

    def own_fight(self) -> Fight:
        """The fight under way, to change: this state's own copy."""
        assert self.fight is not None
        if " fight" not in self.own:
            self.fight = self.fight.clone()
            self.own.add(" fight")
        return self.fight

    def own_duel(self) -> Duel:
        """The riddle duel under way, to change: this state's own copy."""
        assert self.duel is not None
        if " duel" not in self.own:
            self.duel = self.duel.clone()
            self.own.add(" duel")
        return self.duel

    def own_visit(self) -> Visit:
        """The Village visit under way, to change: this state's own copy."""
        assert self.visit is not None
        if " visit" not in self.own:
            self.visit = self.visit.clone()
            self.own.add(" visit")
        return self.visit

    @property
    def over(self) -> bool:
        return self.winner is not None or self.dragon_won

    @property
    def active(self) -> str | None:
        return None if self.over or self.turn is None else self.turn.player

    def hobbit(self, pid: str) -> Hobbit:
        return self.hobbits[pid]

    def in_game(self) -> list[str]:
        return [p for p in self.players if not self.hobbits[p].out]

    def others_at(self, pid: str) -> list[str]:
        """The other hobbits still in the game at `pid`'s place, in seat order."""
        here, hobbits = self.hobbits[pid].place, self.hobbits
        return [
            p for p in self.players if p != pid and hobbits[p].place == here and not hobbits[p].out
        ]

    def to_deck(self, deck: str, cids: tuple[str, ...] | list[str]) -> None:
        """Cards onto the bottom of `deck`."""
        self.decks[deck] += tuple(cids)  # a new tuple (a tuple given is not copied again)

    def off_board(self, place: str, colour: str) -> None:
        """One talisman of `colour` taken from those lying at `place`."""
        if " board" not in self.own:
            self.board = dict(self.board)
            self.own.add(" board")
        lying = list(self.board[place])
        lying.remove(colour)
        self.board[place] = tuple(lying)


def place_name(pid: str) -> str:
    return PLACES[pid].name
