"""Decisions nobody clicked: AI seats, and humans whose turn timer ran out.

Both run under the game's lock and only for the version they were scheduled for, so a human
move (or another timer tick) that got there first simply wins and this does nothing. On a
shared database an AI turn is first claimed in storage, so of several processes that might
play it (the one that scheduled it, another whose watcher saw its backstop deadline) one does;
the save's version check would refuse a second move anyway.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.platform.rules import TableRules
from bot.service.games import GameService
from bot.service.outcome import Outcome
from bot.service.pauses import is_paused
from engine.api import FreeActions
from storage import Game, SeatUpdate

TAKEOVER_AFTER = 2  # timeouts in a row after which an AI plays the seat for good
MAX_STEPS = 200  # a timed-out turn's steps: a bound, never reached by a real turn


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A turn the timer ended: what was played for the player (every step of their turn, or
    of their decision out of turn), and whether an AI took the seat.

    `own`: it was their own turn (it counts towards a takeover), not a decision out of turn.
    `whole`: the game counts turns of several steps (all were played), not single decisions.
    """

    outcome: Outcome
    player_id: str
    name: str
    takeover: bool
    own: bool = True
    whole: bool = False


def ai_to_move(service: GameService, game: Game, state: Any) -> str | None:
    """An AI seat that must decide now, if any (none during a pause: it waits too)."""
    if is_paused(game):
        return None
    for player in service.awaiting(game, state):
        seat = game.seat_of(player)
        if seat is not None and seat.ai_level is not None:
            return seat.player_id
    return None


def _auto_decision(
    rules: TableRules, level: str, state: Any, player: str, rng: random.Random, timeout: bool
) -> Any:
    legal = rules.game.legal(state, player)
    if timeout:
        chosen = rules.timeout_decision(legal)
        if chosen is not None:
            return chosen
    return rules.game.choose(level, rules.game.view(state, player), legal, rng)


Pick = Callable[[Game, Any], tuple[str, Callable[[], Any]] | None]
"""Which AI seat plays now and how it decides (the decision is made only once it is claimed)."""


async def _ai_plays(service: GameService, game_id: int, version: int, pick: Pick) -> Outcome | None:
    """Under the game's lock at `version`: the seat `pick` names plays its decision, claimed
    first on a shared database so one process plays it; None if the game moved on meanwhile,
    nobody is to play, or another process plays it."""
    async with service.lock(game_id):
        game, state = await service.running(game_id)
        picked = pick(game, state) if game.version == version else None
        if picked is None:
            return None
        if service.storage.shared and not await service.storage.claim(
            game_id, version, service.owner, now=service.clock(), lease=service.claim_lease
        ):
            return None  # another process is playing it
        player, decide = picked
        decision = decide()
        new_state, events = service.engine(game).apply(state, player, decision)
        new_game = await service.commit_move(
            game, state, new_state, player, decision, events, seat_updates=()
        )
    return service.outcome_of(new_game, new_state, player, events, state)


async def ai_move(
    service: GameService, game_id: int, version: int, rng: random.Random
) -> Outcome | None:
    """The AI seat to act at `version` moves; None if the game moved on meanwhile."""

    def pick(game: Game, state: Any) -> tuple[str, Callable[[], Any]] | None:
        player = ai_to_move(service, game, state)
        seat = game.seat_of(player) if player is not None else None
        if player is None or seat is None or seat.ai_level is None:
            return None
        rules, level = service.rules(game), seat.ai_level
        return player, lambda: _auto_decision(rules, level, state, player, rng, timeout=False)

    return await _ai_plays(service, game_id, version, pick)


def ai_free_action(service: GameService, game: Game, state: Any) -> tuple[str, Any] | None:
    """An AI seat the game does not await that takes a free action now (a game with
    `engine.api.FreeActions`): (player, decision); None when none does, or during a pause."""
    rules = service.rules(game)
    if is_paused(game) or not isinstance(rules.game, FreeActions):
        return None
    awaited = set(service.awaiting(game, state))
    for seat in game.seats:
        if seat.ai_level is None or seat.player_id in awaited:
            continue
        legal = rules.game.legal(state, seat.player_id)
        if not legal:
            continue
        view = rules.game.view(state, seat.player_id)
        decision = rules.game.free_choice(seat.ai_level, view, legal)
        if decision is not None:
            return seat.player_id, decision
    return None


async def ai_free_move(service: GameService, game_id: int, version: int) -> Outcome | None:
    """An AI seat out of turn takes its free action at `version` (a potion when hurt, say);
    None if none does or the game moved on meanwhile."""

    def pick(game: Game, state: Any) -> tuple[str, Callable[[], Any]] | None:
        free = ai_free_action(service, game, state)
        if free is None:
            return None
        player, decision = free
        return player, lambda: decision

    return await _ai_plays(service, game_id, version, pick)


async def time_out(
    service: GameService, game_id: int, version: int, rng: random.Random
) -> TimedOut | Outcome | None:
    """The deadline of `version` passed: decide for its human (the game's timeout choice
    first, e.g. a Bishop decision keeps; else its timeout AI). In a game whose turns have
    several steps (`turn_of`), every step of that turn that is theirs is played, until the
    turn passes on or waits for someone else; only a missed turn of their own counts
    towards handing the seat to an AI.

    An AI seat found here (kicked or taken over meanwhile) just plays. None if nothing is due.
    """
    async with service.lock(game_id):
        game, state = await service.running(game_id)
        if game.version != version:
            return None
        awaited = service.awaiting(game, state)
        seat = game.seat_of(awaited[0]) if awaited else None
        if seat is None:
            return None
        rules = service.rules(game)
        player = seat.player_id
        if seat.ai_level is not None:
            decision = _auto_decision(rules, seat.ai_level, state, player, rng, timeout=False)
            new_state, events = rules.game.apply(state, player, decision)
            new_game = await service.commit_move(
                game, state, new_state, player, decision, events, seat_updates=()
            )
            return service.outcome_of(new_game, new_state, player, events, state)
        turn = rules.turn_of(state, player)
        own = turn is None or turn[1]
        count = seat.timeouts_in_a_row + 1
        takeover = own and count >= TAKEOVER_AFTER
        level = rules.timeout_level
        updates: tuple[SeatUpdate, ...] = (
            (SeatUpdate(player, count, ai_level=level if takeover else None),) if own else ()
        )
        before, events = state, []
        for _ in range(MAX_STEPS):
            decision = _auto_decision(rules, level, state, player, rng, timeout=True)
            new_state, new_events = rules.game.apply(state, player, decision)
            game = await service.commit_move(
                game, state, new_state, player, decision, new_events, seat_updates=updates
            )
            state, updates = new_state, ()  # counted once, never reset by the later steps
            events.extend(new_events)
            if not _same_turn(rules, game, state, player, turn):
                break
    outcome = service.outcome_of(game, state, player, events, before)
    return TimedOut(outcome, player, seat.display_name, takeover, own, turn is not None)


def _same_turn(
    rules: TableRules, game: Game, state: Any, player: str, turn: tuple[int, bool] | None
) -> bool:
    """Whether the timed-out player still has a step of the same turn to take now."""
    if turn is None or game.status != "running":
        return False
    return player in rules.game.awaiting(state) and rules.turn_of(state, player) == turn
