"""Typed records of what happened, each with its audience.

`audience` is None for an event everyone may see, or the tuple of players who may see it.
The Discord layer delivers events by audience without knowing the rules; views filter a
round's log the same way. Every event serialises to a dict with a "type" key and back.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, ClassVar

Guess = str | int | None


@dataclass(slots=True)
class Event:
    """Base of all events: public unless a subclass says otherwise."""

    type: ClassVar[str] = "event"

    @property
    def audience(self) -> tuple[str, ...] | None:
        return None

    def visible_to(self, player: str | None) -> bool:
        """Whether `player` (None: a spectator) may see this event."""
        aud = self.audience
        return aud is None or player in aud

    def to_dict(self) -> dict[str, Any]:
        shape = _SHAPES.get(type(self)) or _shape(type(self))
        out: dict[str, Any] = {"type": self.type}
        for name in shape[0]:
            out[name] = getattr(self, name)
        for name in shape[1]:  # a tuple (of tuples) becomes a list (of lists), as in JSON
            out[name] = [list(v) if isinstance(v, tuple) else v for v in out[name]]
        return out


_SHAPES: dict[type[Event], tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""Each event class's field names in order, and those of them typed as tuples, for
`Event.to_dict` (a stored game writes its round's whole log at every save)."""


def _shape(cls: type[Event]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """`_SHAPES[cls]`, read once per class: `dataclasses.fields` per event was most of
    `to_dict`'s time, an `isinstance` of every field half of the rest."""
    fields = dataclasses.fields(cls)
    shape = tuple(f.name for f in fields), tuple(f.name for f in fields if _is_tuple(f.type))
    _SHAPES[cls] = shape
    return shape


def _is_tuple(annotation: object) -> bool:
    """Whether a field's annotation (a string: this module postpones them) is a tuple."""
    return annotation == "tuple" or str(annotation).startswith("tuple[")


@dataclass(slots=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int
    players: tuple[str, ...]
    first: str
    face_up: tuple[str, ...]
    deciding: bool


@dataclass(slots=True)
class CardDealt(Event):
    """A player's starting card for the round: theirs only."""

    type: ClassVar[str] = "card_dealt"
    player: str
    card: str

    @property
    def audience(self) -> tuple[str, ...]:
        return (self.player,)


@dataclass(slots=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    player: str


@dataclass(slots=True)
class CardPlayed(Event):
    """Who played what, on whom, naming what (public by C-10)."""

    type: ClassVar[str] = "card_played"
    player: str
    card: str
    targets: tuple[str, ...] = ()
    guess: Guess = None


@dataclass(slots=True)
class NoEffect(Event):
    """The card had no legal choice and was played without effect (C-5).

    `protected`: the other players still in the round who were protected (C-6), the usual
    reason; none means the Flatterer's binding left no choice (PEG-16).
    """

    type: ClassVar[str] = "no_effect"
    player: str
    card: str
    protected: tuple[str, ...] = ()


@dataclass(slots=True)
class Protected(Event):
    type: ClassVar[str] = "protected"
    player: str


@dataclass(slots=True)
class GuessResult(Event):
    type: ClassVar[str] = "guess_result"
    player: str
    target: str
    guess: Guess
    correct: bool


@dataclass(slots=True)
class AssassinRevealed(Event):
    type: ClassVar[str] = "assassin_revealed"
    holder: str
    guesser: str


@dataclass(slots=True)
class KnockedOut(Event):
    """The player is out; the cards they had to discard are public."""

    type: ClassVar[str] = "knocked_out"
    player: str
    discarded: tuple[str, ...]


@dataclass(slots=True)
class Discarded(Event):
    """A hand card discarded without its function (discard and draw, Bishop, Assassin)."""

    type: ClassVar[str] = "discarded"
    player: str
    card: str


@dataclass(slots=True)
class CardDrawn(Event):
    """A new hand card that another player's card made this player draw."""

    type: ClassVar[str] = "card_drawn"
    player: str
    card: str
    from_set_aside: bool

    @property
    def audience(self) -> tuple[str, ...]:
        return (self.player,)


@dataclass(slots=True)
class HandSeen(Event):
    """`viewer` privately saw `target`'s hand card."""

    type: ClassVar[str] = "hand_seen"
    viewer: str
    target: str
    card: str

    @property
    def audience(self) -> tuple[str, ...]:
        return (self.viewer,)


@dataclass(slots=True)
class Compared(Event):
    """Both players privately see each other's card (HOB-8, L5R-8, PEG-8, PEG-12)."""

    type: ClassVar[str] = "compared"
    player: str
    target: str
    player_card: str
    target_card: str

    @property
    def audience(self) -> tuple[str, ...]:
        return (self.player, self.target)


@dataclass(slots=True)
class CompareResult(Event):
    """Public outcome of a compare; a tie names no values (C-10)."""

    type: ClassVar[str] = "compare_result"
    player: str
    target: str
    loser: str | None


@dataclass(slots=True)
class HandsSwapped(Event):
    type: ClassVar[str] = "hands_swapped"
    first: str
    second: str


@dataclass(slots=True)
class CardReceived(Event):
    """The card a player got in a trade; theirs only."""

    type: ClassVar[str] = "card_received"
    player: str
    card: str
    giver: str

    @property
    def audience(self) -> tuple[str, ...]:
        return (self.player,)


@dataclass(slots=True)
class FlattererBound(Event):
    type: ClassVar[str] = "flatterer_bound"
    player: str
    target: str


@dataclass(slots=True)
class JesterMarked(Event):
    type: ClassVar[str] = "jester_marked"
    player: str
    target: str


@dataclass(slots=True)
class TokenGained(Event):
    """A tally token; `reason` is round, bishop, marshal or jester."""

    type: ClassVar[str] = "token_gained"
    player: str
    reason: str
    tokens: int


@dataclass(slots=True)
class DecisionPending(Event):
    type: ClassVar[str] = "decision_pending"
    player: str
    decision: str


@dataclass(slots=True)
class DecisionMade(Event):
    type: ClassVar[str] = "decision_made"
    player: str
    choice: str


@dataclass(slots=True)
class RoundEnded(Event):
    """Round end: revealed hands with round-end values, winners, the set-aside card."""

    type: ClassVar[str] = "round_ended"
    round: int
    ended_by: str
    winners: tuple[str, ...]
    reveal: tuple[tuple[str, str, int], ...]  # (player, card, value)
    set_aside: str
    set_aside_drawn: bool = False  # drawn when the pile ran out: no longer set aside


@dataclass(slots=True)
class DecidingRound(Event):
    """Tied leaders at the target play one more round alone (C-9)."""

    type: ClassVar[str] = "deciding_round"
    players: tuple[str, ...]


@dataclass(slots=True)
class GameEnded(Event):
    type: ClassVar[str] = "game_ended"
    winner: str
    tokens: tuple[tuple[str, int], ...]


EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls
    for cls in (
        RoundStarted,
        CardDealt,
        TurnStarted,
        CardPlayed,
        NoEffect,
        Protected,
        GuessResult,
        AssassinRevealed,
        KnockedOut,
        Discarded,
        CardDrawn,
        HandSeen,
        Compared,
        CompareResult,
        HandsSwapped,
        CardReceived,
        FlattererBound,
        JesterMarked,
        TokenGained,
        DecisionPending,
        DecisionMade,
        RoundEnded,
        DecidingRound,
        GameEnded,
    )
}


@functools.cache
def _fields(kind: str) -> tuple[tuple[str, bool], ...]:
    """(name, has a default) of each field of event type `kind`: read once per type, not per
    stored event (a restart parses every running game's log: tens of thousands of events)."""
    fields = dataclasses.fields(EVENT_TYPES[kind])
    return tuple((f.name, f.default is not dataclasses.MISSING) for f in fields)


def event_from_dict(data: dict[str, Any]) -> Event:
    """Inverse of `Event.to_dict`; lists become tuples again."""
    cls = EVENT_TYPES[data["type"]]
    kwargs: dict[str, Any] = {}
    for name, has_default in _fields(data["type"]):
        if has_default and name not in data:
            continue  # a field added later: a stored older event takes its default
        value = data[name]
        if isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        kwargs[name] = value
    return cls(**kwargs)
