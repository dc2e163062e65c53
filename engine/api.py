"""The game interface every game implements, and the one registry the platform finds games in.

A game is a pure rules engine: the platform creates a state, asks whose decision is awaited,
lists a player's legal decisions, applies one, and shows each player their own view. It never
looks inside a state, a decision, a view or an event: the game's codec and its presenter
(`bot/games/<game>/`) do. Games are found by scanning the subpackages of `engine` for a `GAME`
attribute, so no module here (or in the platform) names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

PlayerId = str
"""A player as the platform knows them (a Discord user id, or an AI seat's id), as text."""

Audience = tuple[PlayerId, ...] | None
"""Who may see an event: None for everyone, else exactly these players."""


class Refused(Exception):
    """A decision the rules do not allow; `reason` is one sentence a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


QUOTE_RUN = 80
"""Non-blank characters in a row a reason keeps of what it quotes: a name or id, not a file."""
REASON_LIMIT = 400
"""Characters of a whole reason kept: a sentence with a few quoted values."""
_LONG_RUN = re.compile(rf"\S{{{QUOTE_RUN + 1},}}")


def clip(text: str) -> str:
    """`text` with every run of more than QUOTE_RUN non-blank characters cut short: input
    quoted back (a scenario's 20 MB place name) stays a few words."""
    return _LONG_RUN.sub(lambda m: m.group()[: QUOTE_RUN - 3] + "…", text)


def cut_reason(text: str) -> str:
    """A reason quoting input, clipped and cut to REASON_LIMIT characters (a million ids)."""
    text = clip(text)
    return text if len(text) <= REASON_LIMIT else text[: REASON_LIMIT - 1] + "…"


@runtime_checkable
class Event(Protocol):
    """A typed record of something that happened, addressed to its audience."""

    type: ClassVar[str]

    @property
    def audience(self) -> Audience: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Variant:
    """One way to play a game (an edition, a board): its seat range and its tallies."""

    name: str
    title: str
    min_players: int
    max_players: int
    metrics: tuple[str, ...]
    """The tallies a finished game adds to, by name ("crowns", "dragons_defeated", "wins")."""
    options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Each option a game of this variant may be created with, and its allowed values."""


@dataclass(frozen=True)
class Result:
    """How a finished game ended: who won, and what each player's tallies gain."""

    winners: tuple[PlayerId, ...]
    gains: Mapping[PlayerId, Mapping[str, int]] = field(default_factory=dict)
    """Per player, per metric of the variant: the amount added to their tally."""
    scores: Mapping[PlayerId, Mapping[str, int]] = field(default_factory=dict)
    """Per player, what the result table shows (rounds won, LP left...), by the game's names."""
    summary: Mapping[str, Any] = field(default_factory=dict)
    """The game's own facts about the whole game ({"rounds": 5})."""


class Game(Protocol):
    """What the platform may ask of a game. Every method is pure and deterministic."""

    name: str
    """The registry key and the `game` column in storage ("loveletter", "adventure")."""
    title: str
    format_version: int
    """The version of the state JSON that `to_json` writes; `from_json` checks it."""
    variants: Mapping[str, Variant]
    ai_levels: tuple[str, ...]

    def create(
        self,
        variant: str,
        players: Sequence[PlayerId],
        options: Mapping[str, str],
        rng: random.Random,
        *,
        names: Mapping[PlayerId, str] | None = None,
    ) -> Any:
        """A new game's state; ValueError with a readable reason for a bad variant or seats.
        `names` are the players' display names, for games that keep them in their state."""
        ...

    def awaiting(self, state: Any) -> tuple[PlayerId, ...]:
        """The players whose decision the game waits for now (any player, not only the active)."""
        ...

    def legal(self, state: Any, player: PlayerId) -> Sequence[Any]:
        """Every complete legal decision of `player` now, and only those (empty if none)."""
        ...

    def apply(self, state: Any, player: PlayerId, decision: Any) -> tuple[Any, list[Event]]:
        """The new state and what happened; raises `Refused` (state untouched) if illegal."""
        ...

    def view(self, state: Any, player: PlayerId | None) -> Any:
        """Exactly what `player` may know (None: a spectator, public information only)."""
        ...

    def to_json(self, state: Any) -> str:
        """The state as JSON text carrying `format_version` (what storage keeps)."""
        ...

    def from_json(self, text: str) -> Any:
        """The state `to_json` wrote; ValueError with a reason for anything else."""
        ...

    def decision_to_dict(self, decision: Any) -> dict[str, Any]: ...

    def decision_from_dict(self, data: Mapping[str, Any]) -> Any:
        """A decision from its dict; ValueError with a reason if malformed."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> Result | None:
        """The result once the game is over, else None."""
        ...

    def replay(self, scenario: object) -> dict[str, Any]:
        """A stacked scenario (the game's scenario format) played through; the resulting game
        as JSON-ready data. ValueError with a reason for input that is not a scenario."""
        ...

    def choose(self, level: str, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The AI's decision at `level`, from the player's view and legal decisions only."""
        ...


@runtime_checkable
class Memoising(Protocol):
    """A game that keeps memos (Love Letter's legal moves): a long-running process bounds them."""

    def set_memo_budget(self, entries: int, shared: int | None = None) -> None:
        """At most `entries` memo entries in all, and `shared` in each table of shared
        values (default: `entries`)."""
        ...

    def memo_budget(self) -> int: ...

    def memo_stats(self) -> tuple[int, int]:
        """(entries held now, entries made since start)."""
        ...


@runtime_checkable
class FreeActions(Protocol):
    """A game whose players may take some decisions out of turn (the Adventure's free actions,
    ADV-11): an AI seat that is not awaited is asked whether it takes one now."""

    def free_choice(self, level: str, view: Any, legal: Sequence[Any]) -> Any | None:
        """The free action the AI at `level` takes now, from its view and legal decisions;
        None when none pays."""
        ...


@runtime_checkable
class Undoable(Protocol):
    """A game whose players may take back some decisions (issue 45, a bounded undo): their own
    last decision while it rolled, drew and revealed nothing and their turn goes on. The platform
    keeps the state before such a move, and undo restores it: states are values, so no game
    needs a reverse of its moves. A game without this capability has no undoable decision."""

    def undoable(
        self,
        before: Any,
        player: PlayerId,
        decision: Any,
        after: Any,
        events: Sequence[Event],
    ) -> bool:
        """True when `player`'s `decision`, applied to `before`, which gave `after` and
        `events`, may be taken back by restoring `before`: it rolled no die, drew no card,
        told nobody anything hidden, made nobody else decide, and the same player's turn goes
        on with their decision awaited."""
        ...


def undoable(
    game: object,
    before: Any,
    player: PlayerId,
    decision: Any,
    after: Any,
    events: Sequence[Event],
) -> bool:
    """`game.undoable(...)` for a game with the capability; False for any other game."""
    if not isinstance(game, Undoable):
        return False
    return game.undoable(before, player, decision, after, events)


_REGISTRY: dict[str, Game] = {}
_FOUND: list[bool] = []  # non-empty once the engine's own games were found


def register(game: Game) -> Game:
    """Adds a game under its name (idempotent for the same object)."""
    known = _REGISTRY.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"two games are named {game.name!r}")
    _REGISTRY[game.name] = game
    return game


def unregister(name: str) -> None:
    """Removes a game registered from outside `engine` (a test's game); nothing if unknown."""
    _REGISTRY.pop(name, None)


def _discover() -> None:
    import engine

    for info in pkgutil.iter_modules(engine.__path__, "engine."):
        if info.ispkg:
            module = importlib.import_module(info.name)
            game = getattr(module, "GAME", None)
            if game is not None:
                register(game)
    _FOUND.append(True)  # after: a caller meanwhile scans too (registering is idempotent)


def games() -> dict[str, Game]:
    """Every game, by name (found once, then cached)."""
    if not _FOUND:  # not "if empty": a game registered first must not hide the engine's own
        _discover()
    return dict(_REGISTRY)


def game(name: str) -> Game:
    """The game called `name`; ValueError lists the known ones."""
    found = games().get(name)
    if found is None:
        known = ", ".join(sorted(games())) or "none"
        raise ValueError(f"Unknown game {name!r}; known games: {known}")
    return found
