"""Issue 44 item 5: one process serving many tables keeps flat memory. The pictures' caches
share PICTURE_CACHE_MB, the running games kept parsed are at most GAME_CACHE, a game's lock
lives only while it is used. (The settings' bad values: tests/bot/runtime/test_config.py.)"""

from __future__ import annotations

import gc
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import engine.loveletter as engine
from bot.runtime.config import DEFAULT_GAME_CACHE, DEFAULT_PICTURE_CACHE_MB, load_settings
from bot.service import GameService
from bot.service.cache import DEFAULT_GAMES, CountLru
from bot.ui import lru
from storage import Game, Storage


@pytest.fixture
def configured_back() -> Any:
    """Tests that configure the picture caches give them their budgets back afterwards."""
    before = {cache: cache.budget for cache in list(lru._CACHES)}
    total = lru._TOTAL[0]
    yield
    lru._TOTAL[0] = total
    for cache, budget in before.items():
        cache.resize(budget)


def test_a_count_cache_filled_past_its_limit_keeps_the_most_recent() -> None:
    cache: CountLru[int, str] = CountLru(3)
    for n in range(10):
        cache[n] = str(n)
        cache.get(0)  # read again and again: stays
        assert len(cache) <= 3
    assert 0 in cache and 9 in cache and 8 in cache and 1 not in cache


def test_picture_caches_filled_past_their_budget_stay_under_it(configured_back: None) -> None:
    first: lru.SizedLru[bytes] = lru.SizedLru(3_000, "test one")
    second: lru.SizedLru[bytes] = lru.SizedLru(1_000, "test two")
    lru.configure(4_000 + sum(c.share for c in list(lru._CACHES) if c not in (first, second)))
    for n in range(1_000):
        first.put(n, b"x" * 100, 100)
        second.put(n, b"y" * 100, 100)
        assert first.size <= first.budget and second.size <= second.budget
    assert first.budget == 3_000 and second.budget == 1_000  # shares as their built-in budgets
    assert len(first) == 30 and len(second) == 10
    fills = {fill.name: fill for fill in lru.report()}
    assert fills["test one"].size == 3_000 and fills["test two"].entries == 10


def test_the_picture_cache_setting_bounds_all_caches_together(configured_back: None) -> None:
    import bot.games.loveletter.pictures.seats  # noqa: F401 - registers its cache
    import bot.ui.fonts  # noqa: F401

    lru.configure(8 * 2**20)
    budgets = sum(cache.budget for cache in list(lru._CACHES))
    assert 7 * 2**20 < budgets <= 8 * 2**20
    late: lru.SizedLru[int] = lru.SizedLru(2**20, "made later")
    assert sum(cache.budget for cache in list(lru._CACHES)) <= 8 * 2**20
    assert 0 < late.budget < 2**20


def test_the_defaults_agree_with_the_settings() -> None:
    assert DEFAULT_GAME_CACHE == DEFAULT_GAMES
    assert load_settings(env_file=None).picture_cache_mb == DEFAULT_PICTURE_CACHE_MB


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "bounds.db")
    yield opened
    await opened.close()


async def _running(service: GameService, channel: int) -> int:
    host = channel * 10
    await service.new_lobby(1, channel, host, "Ann", "loveletter", "pegasus", {})
    await service.join(channel, host + 1, "Bea")
    return (await service.start(channel, host, rng=random.Random(channel))).id


async def test_the_game_cache_keeps_at_most_its_size_and_every_game_plays(
    storage: Storage,
) -> None:
    service = GameService(storage, cache_size=2)
    ids = [await _running(service, channel) for channel in range(1, 7)]
    for _ in range(3):
        for game_id in ids:  # each click after the others: every game was dropped meanwhile
            game, state = await service.running(game_id)
            if game.status == "running" and engine.legal_moves(state):
                await service.play(game_id, state.actor, engine.legal_moves(state)[0], game.version)
            assert len(service._cache) <= 2
    stored = [await storage.get_game(game_id) for game_id in ids]
    assert all(game.version >= 1 for game in stored)  # each move saved, none lost on a drop
    gc.collect()
    assert len(service._locks) == 0  # no lock kept for a game nobody is clicking


async def test_a_restart_parses_the_recent_games_and_every_ai_table(storage: Storage) -> None:
    from bot.bench.service_tables import PLAYERS, sample_states
    from storage.bulk import seed_running_games

    state = sample_states("pegasus", 1)[3]
    for n, ai in enumerate(("easy", None, "easy", None, None, None)):
        storage.clock = lambda n=n: 1000.0 + n  # type: ignore[misc]  # updated in this order
        await seed_running_games(
            storage, 1, game="loveletter", variant="pegasus", state=state, players=PLAYERS,
            first_channel_id=100 + n, ai_level=ai,
        )  # fmt: skip
    again = GameService(storage, cache_size=2)
    seen: list[Game] = []
    assert await again.load_running(lambda game, state: seen.append(game)) == 6
    assert sorted(game.id for game in seen) == [1, 3, 5, 6]  # the AI tables, the 2 latest
    assert len(again._cache) == 2 and 6 in again._cache and 5 in again._cache
    game, _state = await again.running(2)  # a table of people: parsed at its click
    assert game.id == 2 and len(again._cache) == 2
