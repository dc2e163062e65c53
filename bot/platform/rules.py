"""The Discord-free side of a game's presentation: the rules of the table that the service
needs besides the engine (pauses, announcements, timeouts, side decisions, whose turn, AI
names) and the read models it builds (the public table, one player's hand).

The service, the turn flow, DMs and table delivery call only these; they never look inside a
state, a decision, an event or a read model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import Field, dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:  # annotations only: listing the games (the registry) imports no storage
    from engine.api import Event, Game
    from storage import Game as GameRecord


@dataclass(frozen=True, slots=True)
class Pause:
    """A pause the game asked for (Love Letter: between rounds), ending at `until`."""

    until: float  # epoch seconds
    seconds_left: int


class Table(Protocol):
    """The public read model of a game: what the table message shows. A dataclass (the turn
    flow adds a `notice` with `dataclasses.replace`); its fields read-only here, so that a
    frozen one is a Table."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def game_id(self) -> int: ...

    @property
    def version(self) -> int: ...

    @property
    def paused(self) -> bool: ...

    @property
    def notice(self) -> str | None:
        """A note about the last move nobody clicked (a turn timeout), under the table."""
        ...


class TableRules(Protocol):
    """One game's rules of the table; `bot/games/<game>/rules.py`, registered by its package."""

    @property
    def game(self) -> Game:
        """The engine's game (the same object `engine.api.game(name)` gives); read-only, so
        that a game's rules may hold its own engine class."""
        ...

    command: str
    """The slash-command group ("loveletter"), for hints such as "use `/loveletter end`"."""
    timeout_level: str
    """The AI level that plays a timed-out turn, and a seat an AI takes over."""
    fingerprint_salt: str
    """Mixed into the fingerprint of the legal decisions (`bot.platform.decisions`): a new
    value turns the decision controls drawn before it stale."""

    def title(self, variant: str | None = None) -> str:
        """The game's name, or one variant's, as the reader reads it (the engine's `title` is
        the English: "The Hobbit Adventure Boardgame" is "Der Hobbit: Das Abenteuer-Brettspiel")."""
        ...

    def pause_after(self, state: Any, events: Sequence[Event]) -> bool:
        """Whether the move that made `events` starts a pause (the game goes on after it)."""
        ...

    def pause_info(self, state: Any, pause: Pause) -> Any | None:
        """What the table and hands show during `pause`; None if the state has no pause."""
        ...

    def announced(self, events: Sequence[Event], paused: bool) -> Sequence[Event]:
        """The events players hear now: during a pause, not what happens after it."""
        ...

    def starts_anew(self, events: Sequence[Event]) -> bool:
        """Whether everyone is dealt in again (each hears their new hand)."""
        ...

    def timeout_decision(self, legal: Sequence[Any]) -> Any | None:
        """The decision a timed-out player makes without an AI (e.g. keep a card), if any."""
        ...

    def side_decision(self, decision: Any) -> bool:
        """A decision that is not a turn (refused as "not for you" rather than "not your turn")."""
        ...

    def ai_name(self, level: str, number: int) -> str:
        """The display name of the AI seat `ai<number>` of `level` (unique within a game)."""
        ...

    def turn_of(self, state: Any, player_id: str) -> tuple[int, bool] | None:
        """Which turn `player_id`'s decisions now belong to: (turn number, whether it is their
        own turn rather than a decision out of turn). Several decisions of one turn share one
        turn DM and one timeout; None: every decision is a turn of its own (Love Letter)."""
        ...

    def table(
        self,
        record: GameRecord,
        state: Any,
        pause: Any | None,
        events: Sequence[Event] = (),
        before: Any | None = None,
    ) -> Table:
        """The public table; `events` are the last move's, shown during a pause, and `before`
        the state that move started from (what the table showed just before it), if known."""
        ...

    def hand(
        self,
        record: GameRecord,
        state: Any,
        player_id: str,
        pause: Any | None,
        *,
        take_back: bool = False,
    ) -> Any:
        """What one player may see privately, with their decisions when they must decide;
        `take_back`: they may take back their last decision now (the service says so, and only
        for a game whose engine is `Undoable`: its hand offers Undo)."""
        ...


class Unpaused:
    """The rules of the table of a game with no pauses, no timeout decision of its own, no
    side decisions and every decision a turn of its own: a game's `TableRules` may inherit
    these answers and state only what differs."""

    def pause_after(self, state: Any, events: Sequence[Event]) -> bool:
        return False

    def pause_info(self, state: Any, pause: Pause) -> Any | None:
        return None

    def announced(self, events: Sequence[Event], paused: bool) -> Sequence[Event]:
        return events

    def starts_anew(self, events: Sequence[Event]) -> bool:
        return False

    def timeout_decision(self, legal: Sequence[Any]) -> Any | None:
        return None

    def side_decision(self, decision: Any) -> bool:
        return False

    def turn_of(self, state: Any, player_id: str) -> tuple[int, bool] | None:
        return None
