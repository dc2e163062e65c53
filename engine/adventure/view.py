"""What one hobbit may know (ADV-12), as plain JSON.

Public: places, LP, GP, talismans, every held card but Riddle and Magic cards, the turn, the
fight, the duel's shown riddle, the cards on the table. Secret: another hobbit's Riddle and
Magic cards (only their number is shown, apart from ones already shown, like an Elven cloak
that counted in a fight) and the order of every deck (only its size). The dice generator and
any scripted dice are never shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.adventure.cards import SECRET
from engine.adventure.codec import encode_public
from engine.adventure.state import State


def view(s: State, player: str | None) -> dict[str, Any]:
    data = encode_public(s)
    data["me"] = player
    for pid, h in data["hobbits"].items():
        cards, shown = s.hobbits[pid].cards, s.hobbits[pid].shown
        if pid == player:
            h["secret"] = [c for c in cards if c in SECRET]
        else:
            h["secret"] = sum(1 for c in cards if c in SECRET and c not in shown)
        h["cards"] = [c for c in cards if c not in SECRET or c in shown]
    return data


# The typed view: the same facts as `view`'s JSON, as frozen records a reader's code can name.
# Built from that JSON (`AdventureView.from_dict`), so both forms hold exactly what ADV-12 lets
# the reader know; the JSON form stays for the AIs, the codec and the live table's frames.


@dataclass(frozen=True, slots=True)
class HobbitView:
    """One hobbit as the reader may see it."""

    place: str = ""
    lp: int = 0
    gp: int = 0
    talismans: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    """Every card the reader may see: all but Riddle and Magic cards, and those shown."""
    smiths: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()
    out: bool = False
    secret: int = 0
    """How many Riddle and Magic cards it holds that the reader may only count (its own
    reader: all of them)."""
    secret_cards: tuple[str, ...] | None = None
    """The reader's own Riddle and Magic cards; None for every other hobbit (ADV-12)."""

    @classmethod
    def from_dict(cls, h: Mapping[str, Any]) -> HobbitView:
        secret = h.get("secret", 0)
        own = tuple(secret) if isinstance(secret, list | tuple) else None
        return cls(
            place=h.get("place", ""),
            lp=h.get("lp", 0),
            gp=h.get("gp", 0),
            talismans=tuple(h.get("talismans") or ()),
            cards=tuple(h.get("cards") or ()),
            smiths=tuple(h.get("smiths") or ()),
            shown=tuple(h.get("shown") or ()),
            out=bool(h.get("out", False)),
            secret=len(own) if own is not None else int(secret or 0),
            secret_cards=own,
        )


@dataclass(frozen=True, slots=True)
class TurnView:
    player: str = ""
    start: str = ""
    roll: Any = None
    to: str | None = None
    used_move: bool = False


@dataclass(frozen=True, slots=True)
class PendingView:
    """The decision awaited: whose, of what kind, and its context (a price, a card…)."""

    player: str | None = None
    kind: str | None = None
    ctx: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FightView:
    fighter: str | None = None
    deck: str = ""
    card: str | None = None
    drawn_at: str | None = None
    danger: bool = False
    avoidable: bool = False
    power: int | None = None
    bonus: int = 0
    prepared: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()
    rerolls: int = 0
    losses: Any = None
    chased: Any = None
    stage: str | None = None


@dataclass(frozen=True, slots=True)
class DuelView:
    challenger: str | None = None
    challenged: str | None = None
    riddle: str | None = None


@dataclass(frozen=True, slots=True)
class VisitView:
    place: str | None = None
    riddle_drawn: bool = False
    browsed: bool = False
    refused: bool = False


def _record(kind: Any, data: Any) -> Any:
    """`data` (a JSON object or None) as `kind`, its lists as tuples."""
    if data is None:
        return None
    names = set(kind.__dataclass_fields__)
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in names}
    return kind(**values)


@dataclass(frozen=True, slots=True)
class AdventureView:
    """What one hobbit (`me`; None: a spectator) may know of the game (ADV-12)."""

    me: str | None = None
    players: tuple[str, ...] = ()
    first: str | None = None
    hobbits: Mapping[str, HobbitView] = field(default_factory=dict)
    decks: Mapping[str, int] = field(default_factory=dict)
    """Each deck's size, never its order."""
    board: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The talismans lying at each place."""
    turn_no: int = 0
    turn: TurnView | None = None
    pending: PendingView | None = None
    fight: FightView | None = None
    duel: DuelView | None = None
    visit: VisitView | None = None
    table: tuple[tuple[Any, ...], ...] = ()
    winner: str | None = None
    dragon_won: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AdventureView:
        """The typed form of `view`'s JSON (or of any part of it: what is missing is empty)."""
        return cls(
            me=data.get("me"),
            players=tuple(data.get("players") or ()),
            first=data.get("first"),
            hobbits={p: HobbitView.from_dict(h) for p, h in (data.get("hobbits") or {}).items()},
            decks=dict(data.get("decks") or {}),
            board={p: tuple(cs) for p, cs in (data.get("board") or {}).items()},
            turn_no=data.get("turn_no", 0),
            turn=_record(TurnView, data.get("turn")),
            pending=_record(PendingView, data.get("pending")),
            fight=_record(FightView, data.get("fight")),
            duel=_record(DuelView, data.get("duel")),
            visit=_record(VisitView, data.get("visit")),
            table=tuple(tuple(t) for t in data.get("table") or ()),
            winner=data.get("winner"),
            dragon_won=bool(data.get("dragon_won", False)),
        )

    @property
    def over(self) -> bool:
        return bool(self.winner or self.dragon_won)


def typed(data: AdventureView | Mapping[str, Any]) -> AdventureView:
    """A view as its typed form (the JSON form is read into one)."""
    return data if isinstance(data, AdventureView) else AdventureView.from_dict(data)


def player_view(s: State, player: str | None) -> AdventureView:
    """What `player` (None: a spectator) may know, typed."""
    return AdventureView.from_dict(view(s, player))
