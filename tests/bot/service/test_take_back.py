"""The bounded undo through the service (issue 45): `GameService.take_back` restores the state
before a player's own last decision when engine/adventure/undo.py allows it, logs it as a move
of its own, and refuses everything else in one sentence with nothing changed: another
player's decision, a second take-back, a decision that rolled or drew (ADV-3 1), a stale view.
After a restart the service finds the same last move from the move log. A finished game with
take-backs replays step by step."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import _
from bot.platform.taken_back import TakenBack
from bot.service import GameService, errors
from bot.service.history import replay_step
from bot.service.undo import NOTHING_TO_TAKE_BACK
from storage import Storage

ANN, BOB = 101, 102
CHANNEL = 10


async def _game(storage: Storage, seed: int) -> tuple[GameService, int]:
    service = GameService(storage)
    service.seed_source = random.Random(seed)
    await service.new_lobby(1, CHANNEL, ANN, "Ann", "adventure", "classic", {}, 0)
    await service.join(CHANNEL, BOB, "Bob", "adventure")
    game = await service.start(CHANNEL, ANN, kind="adventure")
    return service, game.id


async def _step(service: GameService, game_id: int, rng: random.Random) -> tuple[str, Any]:
    """One random legal decision of whoever is awaited; (player, state before it)."""
    game, state = await service.running(game_id)
    player = service.awaiting(game, state)[0]
    decision = rng.choice(list(service.legal(game, state, player)))
    await service.play(game_id, player, decision, game.version)
    return player, state


async def _to_undoable(service: GameService, game_id: int, rng: random.Random) -> tuple[str, Any]:
    """Random play until a decision that may be taken back: (its player, the state before)."""
    for _move in range(3000):
        player, before = await _step(service, game_id, rng)
        game, _state = await service.running(game_id)
        if service.may_take_back(game, player):
            return player, before
    raise AssertionError("no decision that may be taken back came up")


def _json(service: GameService, game: Any, state: Any) -> str:
    return service.engine(game).to_json(state)


async def test_a_take_back_restores_the_state_before_the_decision(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.db")
    try:
        service, game_id = await _game(storage, seed=3)
        player, before = await _to_undoable(service, game_id, random.Random(3))
        game, after = await service.running(game_id)
        other = str(BOB) if player == str(ANN) else str(ANN)
        with pytest.raises(errors.Rejected, match="nothing to take back"):
            await service.take_back(game_id, other, game.version)  # not Bob's decision
        with pytest.raises(errors.StaleView):
            await service.take_back(game_id, player, game.version - 1)
        outcome = await service.take_back(game_id, player, game.version)
        assert outcome.events == (TakenBack(player, outcome.events[0].decision),)
        restored, state = await service.running(game_id)
        assert restored.version == game.version + 1  # a move of its own: older views are stale
        assert _json(service, restored, state) == _json(service, restored, before)
        assert service.legal(restored, state, player) == service.legal(restored, before, player)
        moves = await storage.get_moves(game_id)
        assert (moves[-1].player, json.loads(moves[-1].move)) == (player, {"undo": 1})
        # one level: the decision before it does not come back
        assert not service.may_take_back(restored, player)
        with pytest.raises(errors.Rejected) as refused:
            await service.take_back(game_id, player, restored.version)
        assert str(refused.value) == _(NOTHING_TO_TAKE_BACK)
        unchanged, _state = await service.running(game_id)
        assert unchanged.version == restored.version
    finally:
        await storage.close()


async def test_after_a_restart_the_move_log_knows_the_last_move(tmp_path: Path) -> None:
    storage = await Storage.open(tmp_path / "t.db")
    try:
        service, game_id = await _game(storage, seed=5)
        player, before = await _to_undoable(service, game_id, random.Random(5))
    finally:
        await storage.close()
    storage = await Storage.open(tmp_path / "t.db")
    try:
        restarted = GameService(storage)
        await restarted.load_running()
        game, _state = await restarted.running(game_id)
        assert not restarted.may_take_back(game, player)  # no button until the next move
        await restarted.take_back(game_id, player, game.version)
        restored, state = await restarted.running(game_id)
        assert _json(restarted, restored, state) == _json(restarted, restored, before)
    finally:
        await storage.close()


async def test_the_first_roll_of_the_game_is_never_taken_back(tmp_path: Path) -> None:
    """ADV-3 1: the movement die is rolled."""
    storage = await Storage.open(tmp_path / "t.db")
    try:
        service, game_id = await _game(storage, seed=2)
        player, _before = await _step(service, game_id, random.Random(2))  # the first decision
        game, _state = await service.running(game_id)
        assert not service.may_take_back(game, player)
        with pytest.raises(errors.Rejected, match="nothing to take back"):
            await service.take_back(game_id, player, game.version)
        same, _state = await service.running(game_id)
        assert same.version == game.version and len(await storage.get_moves(game_id)) == 1
    finally:
        await storage.close()


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**16))
async def test_every_allowed_take_back_is_exact_and_the_game_replays(
    tmp_path: Path, seed: int
) -> None:
    """Whole games taking back every decision the service offers: each restores exactly the
    state before it; the finished game replays through every step, take-backs included."""
    path = tmp_path / f"g{seed}.db"
    path.unlink(missing_ok=True)
    storage = await Storage.open(path)
    try:
        service, game_id = await _game(storage, seed)
        rng = random.Random(seed)
        for _move in range(4000):
            try:
                game, state = await service.running(game_id)
            except errors.NoGame:
                break
            player, before = await _step(service, game_id, rng)
            try:
                game, _state = await service.running(game_id)
            except errors.NoGame:
                break
            if service.may_take_back(game, player) and rng.random() < 0.5:
                await service.take_back(game_id, player, game.version)
                restored, now = await service.running(game_id)
                assert _json(service, restored, now) == _json(service, restored, before)
        record = await storage.get_game(game_id)
        if record.status == "finished":
            steps = len(await storage.get_moves(game_id))
            for step in range(steps + 1):
                shown = await replay_step(storage, game_id, step, 1)
                assert shown.step == step
    finally:
        await storage.close()
