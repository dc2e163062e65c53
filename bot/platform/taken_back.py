"""The bounded undo's record in the move log and in what players read (issue 45).

A take-back is not a rules move: the game's state goes back to what it was before the
player's last decision (states are values; engine/api.py `Undoable`). The append-only move log
keeps it as an entry of its own, `{"undo": 1}` by that player, so a replay steps through it
exactly as the table did; and the table, the log and the pack read it as the event
`TakenBack`, which every game's presentation words like its own events.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from engine.api import Audience

UNDO: Final[dict[str, int]] = {"undo": 1}
"""The move log's entry for a take-back."""


def is_take_back(move: str | dict[str, Any]) -> bool:
    """Whether a move log entry (its JSON or its dict) is a take-back."""
    data = json.loads(move) if isinstance(move, str) else move
    return isinstance(data, dict) and data.get("undo") == 1 and len(data) == 1


@dataclass(frozen=True, slots=True)
class TakenBack:
    """`player` took back `decision`, their last one: the game is as it was before it. Public:
    the decision showed nothing hidden, or it could not have been taken back."""

    type: ClassVar[str] = "taken_back"
    player: str
    decision: Any

    @property
    def audience(self) -> Audience:
        return None

    def to_dict(self) -> dict[str, Any]:
        """The decision is the game's own record; its dict is the game's codec's business."""
        return {"type": self.type, "player": self.player}
