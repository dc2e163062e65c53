"""Read models of an Adventure game: the public table and one hobbit's private pack.

Both are built from the engine's typed views (`engine.adventure.view.AdventureView`, ADV-12):
the table from the spectator view, so the table message and the board picture cannot show a
secret card they never receive; the pack from its reader's own view, with that reader's legal
decisions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import N_
from engine.adventure.decisions import Decision
from engine.adventure.view import AdventureView, HobbitView, typed

COLOURS = ("#e0582b", "#7b4fc9", "#1f9e8f", "#d1408a")
"""The hobbits' token colours by seat: orange, violet, teal, pink (not the talismans')."""
COLOUR_NAMES = (N_("orange"), N_("violet"), N_("teal"), N_("pink"))
"""Their names (translated where shown)."""


@dataclass(frozen=True, slots=True)
class Seat:
    player_id: str
    name: str
    colour: str
    colour_name: str


@dataclass(frozen=True, slots=True)
class AdvTable:
    """The public table: the spectator view, who is awaited, and the last public lines."""

    game_id: int
    version: int
    view: AdventureView
    """The spectator view (a JSON one given here is read into its typed form)."""
    seats: tuple[Seat, ...]
    awaiting: tuple[str, ...]
    reach: tuple[str, ...]
    """Places the active hobbit may travel to now (after its roll), highlighted on the board."""
    recent: tuple[str, ...]
    notice: str | None = None
    move: tuple[str, str, str] | None = None
    """The last move (who, from, to), from public events only; drawn as an arrow."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "view", typed(self.view))

    @property
    def paused(self) -> bool:
        return False

    @property
    def over(self) -> bool:
        return self.view.over

    @property
    def names(self) -> dict[str, str]:
        return {s.player_id: s.name for s in self.seats}


@dataclass(frozen=True, slots=True)
class Pack:
    """What one hobbit may see privately, and the decisions it may take now."""

    game_id: int
    version: int
    player_id: str
    view: AdventureView
    """The hobbit's own view (a JSON one given here is read into its typed form)."""
    seats: tuple[Seat, ...]
    legal: tuple[Decision, ...]
    kind: str | None
    """The pending decision's kind when it is this hobbit's, else None (free actions only)."""
    awaiting: tuple[str, ...]
    recent: tuple[str, ...] = ()
    mask: int = 0
    """The toggled items of a prepare / reroll / buy step (bit i: the i-th item)."""
    page: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)
    take_back: bool = False
    """The hobbit may take back its last decision now (issue 45, the bounded undo): Undo."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "view", typed(self.view))

    @property
    def names(self) -> dict[str, str]:
        return {s.player_id: s.name for s in self.seats}

    @property
    def over(self) -> bool:
        return self.view.over

    @property
    def me(self) -> HobbitView:
        return self.view.hobbits[self.player_id]
