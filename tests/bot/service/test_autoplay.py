"""Moves nobody clicked (bot/service/autoplay.py) on a real SQLite file: AI seats answer the
Bishop's decision, a timed-out decision keeps (PEG-11), a stale deadline does nothing."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine.loveletter as engine
from bot.service import GameService
from bot.service.autoplay import TimedOut, ai_move, ai_to_move, time_out
from engine.loveletter.moves import Decide, Play
from storage import Storage
from tests.engine.loveletter.ai.positions import stacked

NOW = 1_000_000.0


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "autoplay.db")
    yield GameService(storage, clock=lambda: NOW)
    await storage.close()


async def bishop_game(service: GameService, chosen_is_ai: bool) -> int:
    """Pegasus, 5 seats; "100" holds the Bishop and "200" (AI or human) the Baron."""
    storage = service.storage
    game = await storage.create_lobby(1, 10, "loveletter", "pegasus", 100, timer_seconds=60)
    chosen = "200"
    ids = ["100", chosen, "300", "400", "500"]
    for pid in ids:
        if pid == chosen and chosen_is_ai:
            await storage.join(game.id, pid, "Bot", ai_level="standard")
        else:
            await storage.join(game.id, pid, f"P{pid}", user_id=int(pid))
    hands = dict(zip(ids, ["bishop", "baron", "priest", "handmaid", "guard"], strict=True))
    state = stacked("pegasus", hands, ["guardswoman", "prince", "king"], "100")
    await storage.start(game.id, engine.to_json(state))
    return game.id


async def play_the_bishop(service: GameService, game_id: int) -> None:
    await service.play(game_id, "100", Play("100", "bishop", target="200", guess=3), None)
    game, state = await service.running(game_id)
    assert state.actor == "200" and state.pending is not None


async def test_peg_11_an_ai_seat_answers_the_bishop_decision(service: GameService) -> None:
    game_id = await bishop_game(service, chosen_is_ai=True)
    await play_the_bishop(service, game_id)
    game, state = await service.running(game_id)
    assert ai_to_move(service, game, state) == "200"
    assert game.turn_deadline is None  # no timer on an AI's decision
    outcome = await ai_move(service, game_id, game.version, random.Random(1))
    assert outcome is not None and outcome.actor == "200"
    moves = await service.storage.get_moves(game_id)
    assert engine.move_from_dict(json.loads(moves[-1].move)).player == "200"
    assert isinstance(engine.move_from_dict(json.loads(moves[-1].move)), Decide)


async def test_peg_11_a_timed_out_bishop_decision_keeps(service: GameService) -> None:
    game_id = await bishop_game(service, chosen_is_ai=False)
    await play_the_bishop(service, game_id)
    game, state = await service.running(game_id)
    assert game.turn_deadline == NOW + 60
    result = await time_out(service, game_id, game.version, random.Random(1))
    assert isinstance(result, TimedOut) and result.player_id == "200" and not result.takeover
    last = (await service.storage.get_moves(game_id))[-1]
    assert json.loads(last.move) == engine.move_to_dict(Decide("200", "keep"))
    stored = await service.storage.get_game(game_id)
    assert stored.seat_of("200").timeouts_in_a_row == 1


async def test_a_deadline_for_an_old_version_does_nothing(service: GameService) -> None:
    game_id = await bishop_game(service, chosen_is_ai=False)
    await play_the_bishop(service, game_id)  # version 1 now
    assert await time_out(service, game_id, 0, random.Random(1)) is None
    assert await ai_move(service, game_id, 1, random.Random(1)) is None  # a human must act
    assert (await service.storage.get_game(game_id)).version == 1
