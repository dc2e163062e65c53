"""The frames a viewer's socket receives (docs/live-table.md), built from the read models.

`hello` first (the viewer, the page's words, what never changes in the game), then `table`
(the public table: the same for every viewer of one language) and, for a seated viewer only,
`private` (their own hand or pack and their legal decisions, each with its encoded form from
the game's codec, and the state version they were drawn from). A spectator gets no `private`
frame: only the public view. Each game serialises its read models in `bot.web.frames_<game>`,
found here by name, so this module names no game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, cast

from bot.platform.rules import Table
from bot.service import GameError, GameService, Outcome
from bot.web import chrome
from storage import Game


class GameFrames(Protocol):
    """What `bot.web.frames_<game>` offers."""

    def static(self, game: Game) -> dict[str, Any]: ...

    def table(self, t: Any) -> dict[str, Any]: ...

    def private(self, hand: Any, encode: Callable[[Any], dict[str, Any]]) -> dict[str, Any]: ...

    def reason(self, why: Any) -> str: ...


@cache
def frames_of(game: str) -> GameFrames:
    """The frame module of `game`; LookupError when the game has none."""
    try:
        return cast(GameFrames, importlib.import_module(f"bot.web.frames_{game}"))
    except ModuleNotFoundError:
        raise LookupError(f"the live table cannot show {game!r} games") from None


class NoTable(GameError):
    """The game has no table to show (a lobby, or a game that never started)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game as committed, with its public table read model."""

    game: Game
    state: Any
    table: Table

    @property
    def version(self) -> int:
        return self.game.version


async def snapshot(service: GameService, game_id: int, outcome: Outcome | None = None) -> Snapshot:
    """The game now (a finished one too, for its last table); the outcome's table when it is
    the current version (during a pause it shows how the round ended)."""
    try:
        game, state = await service.running(game_id)
    except GameError:
        game = await service.storage.get_game(game_id)  # GameNotFound: no such game at all
        if game.state is None:
            raise NoTable(game.status) from None
        state = service.engine(game).from_json(game.state)
    if outcome is not None and outcome.game.version == game.version:
        return Snapshot(game, state, outcome.table)
    return Snapshot(game, state, service.table(game, state))


def hello_frame(snap: Snapshot, player: str | None, lang: str, mode: str) -> dict[str, Any]:
    """The first frame: who the viewer is, the page's words, the game's fixed data."""
    seat = snap.game.seat_of(player) if player is not None else None
    return {
        "type": "hello",
        "mode": mode,
        "lang": lang,
        "game": snap.game.game,
        "id": snap.game.id,
        "player": seat.player_id if seat else None,
        "name": seat.display_name if seat else None,
        "chrome": chrome.strings(),
        "static": frames_of(snap.game.game).static(snap.game),
    }


def table_frame(snap: Snapshot) -> dict[str, Any]:
    """The public table, the same for every viewer (of one language)."""
    return {
        "type": "table",
        "game": snap.game.game,
        "id": snap.game.id,
        "version": snap.version,
        "finished": snap.game.status != "running",
        "table": frames_of(snap.game.game).table(snap.table),
    }


def private_frame(service: GameService, snap: Snapshot, player: str) -> dict[str, Any]:
    """`player`'s own view and legal decisions; only ever sent to that player's sockets."""
    rules = service.engine(snap.game)
    hand = service.hand(snap.game, snap.state, player)
    return {
        "type": "private",
        "game": snap.game.game,
        "id": snap.game.id,
        "version": snap.version,
        "player": player,
        "private": frames_of(snap.game.game).private(hand, rules.decision_to_dict),
    }
