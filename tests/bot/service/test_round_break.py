"""The round break in the game service (no Discord): its stored, flagged deadline, what is
refused while it lasts, and how it ends. The Discord side is
tests/cogs/loveletter/test_round_break.py."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine.loveletter as engine
from bot.games.loveletter.text.rounds import reveal_text
from bot.service import GameService, errors
from bot.service.pauses import is_paused
from storage import Storage

HOST = 100
START = 1_767_225_600.0  # 2026-01-01, a whole second like SimCord's clock


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    storage = await Storage.open(tmp_path / "breaks.db")
    svc = GameService(storage, clock=Clock())
    svc.pause_seconds = 15
    yield svc
    await storage.close()


async def _to_round_end(service: GameService) -> int:
    await service.new_lobby(1, 10, HOST, "Ann", "loveletter", "l5r", {})
    await service.join(10, HOST + 1, "Bob")
    game = await service.start(10, HOST, rng=random.Random(4))
    rng = random.Random(1)
    while True:
        game, state = await service.running(game.id)
        if is_paused(game):
            return game.id
        move = rng.choice(engine.legal_moves(state))
        await service.play(game.id, move.player, move, game.version)


async def test_a_round_end_starts_a_break_that_refuses_plays_and_hides_the_new_hand(
    service: GameService,
) -> None:
    game_id = await _to_round_end(service)
    game, state = await service.running(game_id)
    stored = await service.storage.get_game(game_id)
    assert stored.turn_deadline == game.turn_deadline and is_paused(stored)
    actor = state.actor
    assert actor is not None and state.round_no == 2
    hand = service.hand(game, state, actor)
    assert hand.round_break is not None and hand.round_break.seconds_left == 15
    assert hand.hand == () and hand.moves == () and not hand.my_turn
    assert service.table(game, state).round_break is not None
    move = engine.legal_moves(state)[0]
    with pytest.raises(errors.InPause, match="starts in 15 s"):
        await service.play(game_id, actor, move, game.version)
    assert (await service.storage.get_game(game_id)).version == game.version
    with pytest.raises(errors.NotAPlayer):
        await service.end_pause(game_id, game.version, "999")
    assert await service.end_pause(game_id, game.version - 1, actor) is None  # stale button
    assert is_paused((await service.running(game_id))[0])


async def test_the_break_ends_once_and_the_first_turn_gets_its_timer(
    service: GameService,
) -> None:
    game_id = await _to_round_end(service)
    game, state = await service.running(game_id)
    service.clock.now += 4  # type: ignore[attr-defined]
    ended = await service.end_pause(game_id, game.version, state.actor)
    assert ended is not None and ended.turn_deadline == START + 4 + game.timer_seconds
    assert await service.end_pause(game_id, game.version, state.actor) is None  # second click
    assert await service.end_pause(game_id, None, None) is None  # the timer, too late
    stored = await service.storage.get_game(game_id)
    assert stored.turn_deadline == ended.turn_deadline and not is_paused(stored)
    hand = service.hand(ended, state, state.actor)
    assert hand.round_break is None and hand.my_turn and hand.hand
    # A fresh service (a restart) reads the same: the round is on.
    fresh = GameService(service.storage, clock=service.clock)
    await fresh.load_running()
    game2, state2 = await fresh.running(game_id)
    assert fresh.pause_info(game2, state2) is None


async def test_the_break_flag_is_stored_and_any_other_deadline_write_clears_it(
    service: GameService,
) -> None:
    game_id = await _to_round_end(service)
    stored = await service.storage.get_game(game_id)
    assert stored.paused and stored.turn_deadline == START + 15
    assert await service.storage.due_deadlines(START + 14) == []
    due = await service.storage.due_deadlines(START + 15)
    assert [(d.game_id, d.turn_deadline, d.paused) for d in due] == [(game_id, START + 15, True)]
    await service.storage.set_turn_deadline(game_id, START + 99)
    stored = await service.storage.get_game(game_id)
    assert stored.turn_deadline == START + 99 and not stored.paused and not is_paused(stored)
    await service.storage.set_turn_deadline(game_id, None, paused=True)
    assert not (await service.storage.get_game(game_id)).paused  # no deadline, no break


def test_c_7_revealed_values_show_their_modifiers() -> None:
    names = {"a": "Ann", "b": "Bob"}
    text = reveal_text("pegasus", names, [("a", "princess", 10), ("b", "bishop", 9)])
    assert text == (
        "Ann: Princess (Prinzessin, 8) → 10 (8 + 2 from their discard pile); "
        "Bob: Bishop (Bischof, 9) → 9 — the Princess beats the Bishop"
    )
    ring = reveal_text("hobbit", names, [("a", "one_ring", 7)])
    assert ring == "Ann: The One Ring (0) → 7 (counts 7 at round end instead of 0)"
