"""What a committed move tells: `Outcome`, the saved game, its public table and its events
by audience, which GameService hands the caller once the move is committed.

Its own module because it is what the service's callers read (bot/ui, bot/web, the game's
controller), apart from how the service gets there (bot/service/games.py): they render its
events with the game's presentation, and never read the game again for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.platform.rules import Table, TableRules
from engine.api import Event
from storage import Game


@dataclass(frozen=True, slots=True)
class Outcome:
    """A committed move: the saved game, the public table, and its events by audience, with
    what the follow-up needs so that it reads the game no more (the committed `state`, the
    game's `rules` of the table; its presentation is one registry lookup by `game.game`).

    `events` are the ones to tell now (during a pause, not those after it); each carries its
    own audience, so the adapter renders each player's lines with the game's presentation.
    """

    game: Game
    table: Table
    actor: str
    events: tuple[Event, ...]
    state: Any  # as committed
    rules: TableRules

    def visible_to(self, player: str) -> tuple[Event, ...]:
        """The events `player` may read: the public ones and those addressed to them."""
        return tuple(e for e in self.events if e.audience is None or player in e.audience)

    def private_for(self) -> dict[str, tuple[Event, ...]]:
        """Per player other than the actor: the events addressed to them (their news)."""
        out: dict[str, list[Event]] = {}
        for e in self.events:
            for pid in e.audience or ():
                if pid != self.actor:
                    out.setdefault(pid, []).append(e)
        return {pid: tuple(evs) for pid, evs in out.items()}
