"""Claims (storage/claims.py): each due deadline and AI turn goes to exactly one owner at a time,
a claim runs out by itself, and a saved move or a new deadline voids it. Both backends."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from storage import Game, Storage

RunningGame = Callable[..., Awaitable[Game]]


async def _due_games(storage: Storage, running_game: RunningGame, n: int) -> list[Game]:
    games = [await running_game(channel_id=100 + i) for i in range(n)]
    for i, game in enumerate(games):
        await storage.set_turn_deadline(game.id, 900.0 + i)
    return games


async def test_each_due_deadline_goes_to_one_owner_until_its_claim_runs_out(
    storage: Storage, running_game: RunningGame
) -> None:
    games = await _due_games(storage, running_game, 3)
    first = await storage.claim_due_deadlines(1000.0, "a", lease=30.0)
    assert [d.game_id for d in first] == [g.id for g in games]  # earliest first
    assert await storage.claim_due_deadlines(1000.0, "b", lease=30.0) == []
    assert await storage.claim_due_deadlines(1029.0, "b", lease=30.0) == []
    # a claimed deadline is due again, for anyone, when its claim runs out
    assert await storage.next_deadline() == 1030.0
    taken_over = await storage.claim_due_deadlines(1030.0, "b", lease=30.0)
    assert [d.game_id for d in taken_over] == [g.id for g in games]


async def test_a_saved_move_or_a_new_deadline_voids_the_claim(
    storage: Storage, running_game: RunningGame
) -> None:
    moved, postponed, held = await _due_games(storage, running_game, 3)
    await storage.claim_due_deadlines(1000.0, "a", lease=30.0)
    await storage.save_move(moved.id, 0, "{}", {"m": 1}, "11", turn_deadline=950.0)
    await storage.set_turn_deadline(postponed.id, 990.0)
    again = await storage.claim_due_deadlines(1000.0, "b", lease=30.0)
    assert {(d.game_id, d.version) for d in again} == {(moved.id, 1), (postponed.id, 0)}
    assert held.id not in {d.game_id for d in again}


async def test_concurrent_claimers_never_share_a_deadline(
    storage: Storage, running_game: RunningGame
) -> None:
    await _due_games(storage, running_game, 12)
    claims = await asyncio.gather(
        *(storage.claim_due_deadlines(1000.0, f"owner{i}", lease=30.0, limit=5) for i in range(4))
    )
    taken = [d.game_id for claim in claims for d in claim]
    assert len(taken) == len(set(taken))
    rest = await storage.claim_due_deadlines(1000.0, "late", lease=30.0)
    assert len(taken) + len(rest) == 12


async def test_an_ai_turn_is_claimed_once_per_version(
    storage: Storage, running_game: RunningGame
) -> None:
    game = await running_game()
    assert await storage.claim(game.id, 0, "a", now=1000.0, lease=30.0)
    assert await storage.claim(game.id, 0, "a", now=1001.0, lease=30.0)  # renewed by its owner
    assert not await storage.claim(game.id, 0, "b", now=1010.0, lease=30.0)
    assert not await storage.claim(game.id, 1, "b", now=1010.0, lease=30.0)  # no such version
    assert await storage.claim(game.id, 0, "b", now=1031.0, lease=30.0)  # ran out
    await storage.save_move(game.id, 0, "{}", {"m": 1}, "11")
    assert await storage.claim(game.id, 1, "a", now=1032.0, lease=30.0)


async def test_a_pause_is_resumed_once(storage: Storage, running_game: RunningGame) -> None:
    game = await running_game()
    await storage.set_turn_deadline(game.id, 1015.0, paused=True)
    results: list[Any] = await asyncio.gather(
        storage.resume_paused(game.id, 0, 1300.0), storage.resume_paused(game.id, 0, 1301.0)
    )
    assert sorted(results) == [False, True]
    stored = await storage.get_game(game.id)
    assert not stored.paused and stored.turn_deadline in (1300.0, 1301.0)
    assert not await storage.resume_paused(game.id, 0, 1400.0)  # nothing to end any more
    await storage.set_turn_deadline(game.id, 1015.0, paused=True)
    assert not await storage.resume_paused(game.id, 5, 1400.0)  # another version's pause
