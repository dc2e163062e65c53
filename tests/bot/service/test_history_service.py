"""The replay service on a real SQLite file: which games it replays, and which step it shows
for any step a button may carry (clamped to the game's moves)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.errors import GameError
from bot.service.history import replay_step
from engine.api import game as rules_of
from storage import GameEnd, Storage


async def played(storage: Storage, *, guild_id: int = 1, finish: bool = True) -> int:
    """A 2-player Love Letter game of random legal moves, saved move by move (to its end)."""
    rules, rng = rules_of("loveletter"), random.Random(4)
    players = ["11", "12"]
    state = rules.create("pegasus", players, {}, rng)
    lobby = await storage.create_lobby(guild_id, 100 + guild_id, "loveletter", "pegasus", 11)
    for p in players:
        await storage.join(lobby.id, p, f"user{p}", user_id=int(p))
    await storage.start(lobby.id, rules.to_json(state))
    version = 0
    while not rules.is_over(state) and (finish or version < 3):
        player = rules.awaiting(state)[0]
        decision = rng.choice(list(rules.legal(state, player)))
        state, _ = rules.apply(state, player, decision)
        result = rules.result(state) if rules.is_over(state) else None
        end = GameEnd(winners=tuple(result.winners)) if result else None
        move = rules.decision_to_dict(decision)
        json_state = rules.to_json(state)
        version = await storage.save_move(lobby.id, version, json_state, move, player, game_end=end)
    return int(lobby.id)


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "replays.db")
    yield opened
    await opened.close()


async def test_any_step_a_button_carries_shows_a_step_of_the_game(storage: Storage) -> None:
    game_id = await played(storage)
    last = await replay_step(storage, game_id, 10**12, 1)
    assert last.step == last.steps > 3 and last.table.over
    assert (await replay_step(storage, game_id, -5, 1)).step == 0
    back = await replay_step(storage, game_id, 2, 1)  # backwards: replayed from the start
    assert back.step == 2 and back.table.version == 2 and not back.table.over
    on = await replay_step(storage, game_id, last.steps, 1)  # forwards from step 2 again
    assert on.table == last.table


async def test_only_this_servers_finished_games_are_replayed(storage: Storage) -> None:
    running = await played(storage, finish=False)
    elsewhere = await played(storage, guild_id=2)
    with pytest.raises(GameError, match=f"Game {running} has not finished"):
        await replay_step(storage, running, 0, 1)
    with pytest.raises(GameError, match=f"There is no game {elsewhere} in this server"):
        await replay_step(storage, elsewhere, 0, 1)
    with pytest.raises(GameError, match="There is no game 999"):
        await replay_step(storage, 999, 0, 1)
