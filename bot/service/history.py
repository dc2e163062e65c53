"""A server's finished games a page at a time, and any step of one of them replayed.

A replay is recomputed, never stored: the game's initial state (kept since the first schema)
and its append-only move log, applied move by move through the game's own rules, give the
state after every move. Each step shows what the channel's table showed then: the game's
public table (the spectators' view), so nothing hidden at that moment is shown, and no
player's private hand, not even to that player. A game whose start was not kept, or whose
state an older version of the game wrote, cannot be replayed, and says so.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import N_, _
from bot.platform.registry import table_rules
from bot.platform.rules import Pause, Table, TableRules
from bot.service.errors import GameError
from bot.service.undo import Taken, log_step
from engine.api import Event, Refused
from storage import Game, GameNotFound, MoveRecord, Storage
from storage.history import FinishedGame

PAGE_SIZE = 5  # games per history page: one replay button each fits one action row
NOT_KEPT = N_("Game {id} was finished before replays were kept: it cannot be replayed.")


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of finished games (newest first); `user_id` set: only that player's."""

    game: str
    guild_id: int
    user_id: int | None
    page: int
    pages: int
    total: int
    games: tuple[FinishedGame, ...]


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """A finished game as its table stood after `step` of its `steps` moves (0: the start)."""

    record: Game
    step: int
    steps: int
    table: Table
    rules: TableRules


async def history_page(
    storage: Storage, guild_id: int, game: str, user_id: int | None, page: int
) -> HistoryPage:
    """The page `page` (clamped to the pages there are) of the server's finished games."""
    page = max(page, 0)
    games, total = await storage.finished_games(
        guild_id, game, user_id=user_id, offset=page * PAGE_SIZE, limit=PAGE_SIZE
    )
    pages = max(1, math.ceil(total / PAGE_SIZE))
    if page >= pages:  # fewer games than when the button was drawn: the last page there is
        return await history_page(storage, guild_id, game, user_id, pages - 1)
    return HistoryPage(game, guild_id, user_id, page, pages, total, tuple(games))


async def replay_step(storage: Storage, game_id: int, step: int, guild_id: int) -> ReplayStep:
    """The public table of finished game `game_id` after `step` moves (clamped to 0..all);
    GameError for a game of another server, one not finished, or one that cannot be replayed."""
    try:
        record = await storage.get_game(game_id)
    except GameNotFound:
        raise GameError(_("There is no game {id}.", id=game_id)) from None
    if record.guild_id != guild_id:
        raise GameError(_("There is no game {id} in this server.", id=game_id))
    if record.status != "finished":
        raise GameError(
            _("Game {id} has not finished: only finished games can be replayed.", id=game_id)
        )
    initial = await storage.get_initial_state(game_id)
    moves = await storage.get_moves(game_id)
    if initial is None:
        raise GameError(_(NOT_KEPT, id=game_id))
    step = min(max(step, 0), len(moves))
    key = (game_id, hash((initial, tuple((m.player, m.move) for m in moves), record.seats)))
    cursor = _CURSORS.pop(key, None)
    if cursor is None or cursor.step > step:
        cursor = _start(record, initial)
    try:
        _advance(cursor, record, moves, step)
    except (ValueError, KeyError, TypeError, Refused):
        raise GameError(_(NOT_KEPT, id=game_id)) from None
    _CURSORS[key] = cursor
    while len(_CURSORS) > CURSORS:
        _CURSORS.popitem(last=False)
    table, shows = cursor.table, cursor.shows
    return ReplayStep(replace(record, version=step), step, len(moves), table, shows)


@dataclass(slots=True)
class _Cursor:
    """A replay stopped at `step`: Next goes on from here instead of from the start."""

    step: int
    state: Any
    table: Table
    shows: TableRules
    taken: Taken | None = None
    """The last move: what a take-back restores (bot/service/undo.py)."""


CURSORS = 64  # replays kept to step on from; a finished game never changes
_CURSORS: OrderedDict[tuple[int, int], _Cursor] = OrderedDict()


def _start(record: Game, initial: str) -> _Cursor:
    """The replay at its first step, with a fresh copy of the rules of the table: one that
    remembers recent lines per game (Adventure) must remember this replay's, not a live
    table's or another's."""
    shows = type(table_rules(record.game))()
    try:
        state = shows.game.from_json(initial)
    except (ValueError, KeyError, TypeError):
        raise GameError(_(NOT_KEPT, id=record.id)) from None
    return _Cursor(0, state, _table(shows, record, state, 0, False, (), None), shows)


def _advance(cursor: _Cursor, record: Game, moves: Sequence[MoveRecord], step: int) -> None:
    """Apply the logged moves after the cursor's step, up to `step`, through the rules."""
    rules = cursor.shows.game
    for seq in range(cursor.step + 1, step + 1):
        move = moves[seq - 1]
        last = seq == len(moves)
        state, events, cursor.taken = log_step(
            rules, cursor.state, cursor.taken, move.player, move.move
        )
        cursor.table = _table(cursor.shows, record, state, seq, last, events, cursor.state)
        cursor.state, cursor.step = state, seq


def _table(
    shows: TableRules,
    record: Game,
    state: Any,
    seq: int,
    last: bool,
    events: Sequence[Event],
    before: Any,
) -> Table:
    """The public table as the channel saw it after move `seq`: during a pause the move
    started (Love Letter's break between rounds), the pause's table, as it stood when the
    pause began; after the last move, the finished game's."""
    at = replace(record, version=seq, status="finished" if last else "running", turn_deadline=None)
    pause = None
    if events and not last and shows.pause_after(state, events):
        pause = shows.pause_info(state, Pause(until=0.0, seconds_left=0))
        at = replace(at, paused=pause is not None)
    return shows.table(at, state, pause, events, before)
