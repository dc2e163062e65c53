"""Moves nobody clicked: AI seats, and humans whose turn timer ran out.

Both run under the game's lock and only for the version they were scheduled for, so a human
move (or another timer tick) that got there first simply wins and this does nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import engine.loveletter as engine
from bot.service.breaks import is_break
from bot.service.games import GameService, Outcome
from engine.loveletter.ai import choose
from engine.loveletter.moves import Decide, Play
from storage import Game, SeatUpdate

TIMEOUT_LEVEL = "standard"  # plays a timed-out turn, and a seat after two timeouts in a row
TAKEOVER_AFTER = 2


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A turn the timer ended: the move made for the player, and whether an AI took the seat."""

    outcome: Outcome
    player_id: str
    name: str
    takeover: bool


def ai_to_move(game: Game, state: engine.GameState) -> str | None:
    """The AI seat that must act now, if any (none during a round break: it waits too)."""
    seat = game.seat_of(state.actor or "")
    if state.over or seat is None or seat.ai_level is None or is_break(game):
        return None
    return seat.player_id


def _auto_move(
    level: str, state: engine.GameState, player: str, rng: random.Random, keep: bool
) -> Play | Decide:
    legal = engine.legal_moves(state)
    if keep:
        for move in legal:
            if isinstance(move, Decide) and move.choice == "keep":
                return move
    chosen = choose(level, engine.player_view(state, player), legal, rng)
    assert isinstance(chosen, Play | Decide)
    return chosen


async def ai_move(
    service: GameService, game_id: int, version: int, rng: random.Random
) -> Outcome | None:
    """The AI seat to act at `version` moves; None if the game moved on meanwhile."""
    async with service.lock(game_id):
        game, state = await service.running(game_id)
        player = ai_to_move(game, state)
        if game.version != version or player is None:
            return None
        seat = game.seat_of(player)
        assert seat is not None and seat.ai_level is not None
        move = _auto_move(seat.ai_level, state, player, rng, keep=False)
        new_state, events = engine.apply(state, move)
        new_game = await service._save(game, state, new_state, move, events, seat_updates=())
    return service._outcome(new_game, new_state, player, events)


async def time_out(
    service: GameService, game_id: int, version: int, rng: random.Random
) -> TimedOut | Outcome | None:
    """The deadline of `version` passed: play the turn for its human (a Bishop decision keeps).

    An AI seat found here (kicked or taken over meanwhile) just plays. None if nothing is due.
    """
    async with service.lock(game_id):
        game, state = await service.running(game_id)
        if game.version != version:
            return None
        seat = game.seat_of(state.actor or "")
        if seat is None or state.over:
            return None
        player = seat.player_id
        if seat.ai_level is not None:
            move = _auto_move(seat.ai_level, state, player, rng, keep=False)
            updates: tuple[SeatUpdate, ...] = ()
            takeover = False
        else:
            move = _auto_move(TIMEOUT_LEVEL, state, player, rng, keep=True)
            count = seat.timeouts_in_a_row + 1
            takeover = count >= TAKEOVER_AFTER
            updates = (SeatUpdate(player, count, ai_level=TIMEOUT_LEVEL if takeover else None),)
        new_state, events = engine.apply(state, move)
        new_game = await service._save(game, state, new_state, move, events, seat_updates=updates)
    outcome = service._outcome(new_game, new_state, player, events)
    if seat.ai_level is not None:
        return outcome
    return TimedOut(outcome, player, seat.display_name, takeover)
