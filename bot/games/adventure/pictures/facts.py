"""What the board picture shows: public facts only (ADV-12), as the table's read model gives
them. Nothing here can carry a card a hobbit keeps secret."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.games.adventure.pictures.tokens import Token


@dataclass(frozen=True, slots=True)
class HobbitFacts:
    """One hobbit as the player strip and its token show it."""

    token: Token
    name: str
    lp: int
    gp: int
    talismans: tuple[str, ...] = ()
    mark: str | None = None
    """What the hobbit is in now: "fight", "duel" or "winner" (a ring round its token)."""


@dataclass(frozen=True, slots=True)
class BoardFacts:
    """The public table as the picture draws it."""

    hobbits: tuple[HobbitFacts, ...]
    talismans: Mapping[str, Sequence[str]]
    reach: tuple[str, ...] = ()
    move: tuple[str, str] | None = None
    """The last move: from where to where (place ids)."""
    mover: Token | None = None
    """The token of the hobbit that made the last move (the arrow ends at it)."""
    banner: str = ""
    """One line saying what happens now: the fight, the duel, the winner or whose turn."""

    @property
    def tokens(self) -> tuple[Token, ...]:
        return tuple(h.token for h in self.hobbits)
