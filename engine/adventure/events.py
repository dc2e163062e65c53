"""Typed events with their audience (engine.api.Event): what happened, and who may see it.

`to` None is public; otherwise only those hobbits see the event. A secret card drawn (Magic,
Riddle) is told twice: publicly without its id, and to its drawer with it (ADV-12).
Plain slotted dataclasses like Love Letter's events (not frozen: a frozen dataclass sets every
field through object.__setattr__, and the engine makes several events per decision); nothing
changes an event once made. The frequent ones are made with positional fields, in the order
given here (`to` only by name): a class called with keywords packs them into a dict and unpacks
it again for `__init__`, which made an event three times as slow to make (about 15 a turn); the
others by name (`FightEnded` too: one a fight). test_adv_events.py pins the field order of
every class made positionally (a reordered field would swap two values silently).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar


@dataclass(slots=True)
class AdvEvent:
    type: ClassVar[str] = "event"
    to: tuple[str, ...] | None = field(default=None, kw_only=True)

    @property
    def audience(self) -> tuple[str, ...] | None:
        return self.to

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        to = data.pop("to")
        out = {"type": self.type, **{k: _plain(v) for k, v in data.items()}}
        if to is not None:
            out["to"] = list(to)
        return out


def _plain(value: Any) -> Any:
    """JSON-ready: tuples become lists."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


@dataclass(slots=True)
class GameStarted(AdvEvent):
    type: ClassVar[str] = "game_started"
    players: tuple[str, ...]
    first: str


@dataclass(slots=True)
class TurnBegan(AdvEvent):
    type: ClassVar[str] = "turn_began"
    player: str
    turn: int


@dataclass(slots=True)
class Decided(AdvEvent):
    """A decision taken, by its hobbit or (`auto`) by the engine as the only legal one;
    `kind` is the awaited decision it answers (`rope`, `buy`…), "" for a free action.
    `decision` is the decision's own kept dict (`Decision.plain`), shared by every game taking
    that decision: read it, never change it (nor its lists)."""

    type: ClassVar[str] = "decided"
    player: str
    decision: Mapping[str, Any]
    auto: bool = False
    kind: str = ""


@dataclass(slots=True)
class Rolled(AdvEvent):
    """A die roll: `die` movement, green or combat; `why` says what it was for."""

    type: ClassVar[str] = "rolled"
    player: str
    die: str
    result: Any
    why: str


@dataclass(slots=True)
class Moved(AdvEvent):
    type: ClassVar[str] = "moved"
    player: str
    frm: str
    to_place: str
    how: str


@dataclass(slots=True)
class Drawn(AdvEvent):
    """A card drawn from a deck; `card` None in the public telling of a secret card."""

    type: ClassVar[str] = "drawn"
    player: str
    deck: str
    card: str | None


@dataclass(slots=True)
class Returned(AdvEvent):
    """Cards going back to the bottom of their deck; secret ones are only counted. `why` is
    set where the going back is news to the players: a master card or a Weapon-smith that
    cannot be kept (`no_weapon`, `held`), a smith sent away (`declined`), a smith's roll
    (`smith_failed`: the weapon goes too; `smith_left`), a forced movement card cancelled by
    a Rope (`rope`; the Rope itself goes back just before it)."""

    type: ClassVar[str] = "returned"
    player: str | None
    deck: str
    cards: tuple[str, ...]
    hidden: int = 0
    why: str = ""


@dataclass(slots=True)
class Kept(AdvEvent):
    type: ClassVar[str] = "kept"
    player: str
    card: str


@dataclass(slots=True)
class Changed(AdvEvent):
    """LP or GP changed: `what` lp / gp, the change, the new amount and why."""

    type: ClassVar[str] = "changed"
    player: str
    what: str
    delta: int
    now: int
    why: str


@dataclass(slots=True)
class TalismanMoved(AdvEvent):
    """A talisman gained (bought, won, taken), destroyed, or lost with its hobbit."""

    type: ClassVar[str] = "talisman"
    player: str
    colour: str
    how: str
    frm: str | None = None


@dataclass(slots=True)
class FightBegan(AdvEvent):
    type: ClassVar[str] = "fight_began"
    player: str
    deck: str
    card: str


@dataclass(slots=True)
class Power(AdvEvent):
    type: ClassVar[str] = "power"
    player: str
    card: str
    power: int


@dataclass(slots=True)
class Combat(AdvEvent):
    """A combat roll: the three faces, its result and the fight total with bonuses, each by
    name; after a reroll, which dice were rolled again (indexes) and the faces before it."""

    type: ClassVar[str] = "combat"
    player: str
    dice: tuple[str, ...]
    result: int
    total: int
    power: int
    bonuses: dict[str, int] = field(default_factory=dict)
    rerolled: tuple[int, ...] = ()
    before: tuple[str, ...] = ()


@dataclass(slots=True)
class FightEnded(AdvEvent):
    type: ClassVar[str] = "fight_ended"
    player: str
    card: str
    won: bool
    total: int
    power: int
    bonuses: dict[str, int]


@dataclass(slots=True)
class Avoided(AdvEvent):
    type: ClassVar[str] = "avoided"
    player: str
    card: str
    creature: str
    chased_to: str | None = None


@dataclass(slots=True)
class Riddled(AdvEvent):
    """A step of a riddle duel: challenge, answer, no_answer, shield, end; card texts public."""

    type: ClassVar[str] = "riddle"
    player: str
    step: str
    card: str | None = None
    text: str | None = None
    answer: str | None = None


@dataclass(slots=True)
class Taken(AdvEvent):
    """Something taken from another hobbit (riddle win or Scroll of Minds)."""

    type: ClassVar[str] = "taken"
    player: str
    frm: str
    what: str
    thing: str | None
    amount: int = 0


@dataclass(slots=True)
class Offer(AdvEvent):
    type: ClassVar[str] = "offer"
    player: str
    card: str
    price: int


@dataclass(slots=True)
class Bought(AdvEvent):
    type: ClassVar[str] = "bought"
    player: str
    cards: tuple[str, ...]
    price: int


@dataclass(slots=True)
class Skipped(AdvEvent):
    """A step that could not happen (an empty deck), announced."""

    type: ClassVar[str] = "skipped"
    player: str
    what: str


@dataclass(slots=True)
class Out(AdvEvent):
    type: ClassVar[str] = "out"
    player: str


@dataclass(slots=True)
class GameOver(AdvEvent):
    type: ClassVar[str] = "game_over"
    winner: str | None
    dragon_won: bool
