"""Nim's rules of the table (`bot.platform.rules.TableRules`): no pauses, no side decisions,
every decision a turn of its own; the table and a hand are read models over the engine's view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.platform.rules import Unpaused
from engine.api import Event, Game
from storage import Game as GameRecord
from tests.games.nim.engine import GAME, Take, View


@dataclass(slots=True)  # not frozen: `bot.platform.rules.Table` reads plain attributes
class NimTable:
    """The public table: the heap, the seats by name, whose turn, the last move's lines."""

    game_id: int
    version: int
    view: View
    names: dict[str, str]
    lines: tuple[str, ...]
    paused: bool = False


@dataclass(frozen=True, slots=True)
class NimHand:
    """One player's private controls: what they may take now (empty when it is not their turn)."""

    game_id: int
    version: int
    player_id: str
    view: View
    legal: tuple[Take, ...]
    fp: str


def names_of(record: GameRecord) -> dict[str, str]:
    return {s.player_id: s.display_name for s in record.seats}


def event_lines(events: Sequence[Event], record: GameRecord, viewer: str | None) -> list[str]:
    """The events as lines (Nim's are all public)."""
    names = names_of(record)
    lines = []
    for event in events:
        data = event.to_dict()
        who = names.get(data["player"], data["player"])
        if data["type"] == "took":
            lines.append(f"{who} took {data['stones']}; {data['left']} left.")
        elif data["type"] == "won":
            lines.append(f"{who} took the last stone and won the game!")
    return lines


class NimRules(Unpaused):
    """No pauses, no side decisions: only the table, a hand and the AI seats' names."""

    game: Game = GAME
    command = "nim"
    timeout_level = "standard"
    fingerprint_salt = "nim-1"

    def title(self, variant: str | None = None) -> str:
        return "Nim"

    def ai_name(self, level: str, number: int) -> str:
        return f"Nim bot {number}"

    def table(
        self,
        record: GameRecord,
        state: Any,
        pause: Any | None,
        events: Sequence[Event] = (),
        before: Any | None = None,
    ) -> NimTable:
        lines = tuple(event_lines(events, record, None))
        return NimTable(record.id, record.version, GAME.view(state, None), names_of(record), lines)

    def hand(self, record: GameRecord, state: Any, player_id: str, pause: Any | None) -> NimHand:
        from bot.platform.decisions import fingerprint

        legal = tuple(GAME.legal(state, player_id))
        fp = fingerprint(GAME, legal, self.fingerprint_salt)
        view = GAME.view(state, player_id)
        return NimHand(record.id, record.version, player_id, view, legal, fp)


RULES = NimRules()
