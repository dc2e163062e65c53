"""Where private news for players who did not act goes (besides their private log).

The DM issue plugs a Discord implementation in here; the service only knows this interface,
so it stays free of discord imports and is easy to test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class PrivateNews:
    """Lines one player may read about a move made by someone else."""

    game_id: int
    player_id: str
    user_id: int | None
    lines: tuple[str, ...]


class Notifier(Protocol):
    async def notify(self, news: Sequence[PrivateNews]) -> None:
        """Deliver private news; must never raise into the caller."""


class NullNotifier:
    """Default: the news stays in the private log only (shown by "My hand")."""

    async def notify(self, news: Sequence[PrivateNews]) -> None:
        return None
