"""Two bot processes finishing games with the same players on one PostgreSQL database while a
season is open (real OS processes, tests/scale/rating_worker.py): every game counts in the
season exactly once, in the transaction of its result, and no season rating update is lost."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from storage.postgres import PostgresStorage
from tests.scale.test_processes import spawn_script, wait_all
from tests.scale.test_rating_processes import GAMES, WORKER, start_games


async def open_season(url: str) -> None:
    storage = await PostgresStorage.open(url)
    try:
        await storage.start_season(1, "loveletter", 100, 1, 0.0, None)
    finally:
        await storage.close()


async def stored(url: str) -> tuple[dict[str, int], Counter[int], dict[str, int]]:
    storage = await PostgresStorage.open(url)
    try:
        games = dict(await storage.fetchall("SELECT player_key, games FROM season_ratings"))
        counted = Counter(r[0] for r in await storage.fetchall("SELECT game_id FROM season_games"))
        alltime = dict(await storage.fetchall("SELECT player_key, games FROM ratings"))
        return games, counted, alltime
    finally:
        await storage.close()


def test_two_processes_count_each_game_in_the_season_exactly_once(
    pg_url: str, tmp_path: Path
) -> None:
    asyncio.run(open_season(pg_url))
    ids = asyncio.run(start_games(pg_url))
    outs = [tmp_path / f"rate{i}.jsonl" for i in range(2)]
    wait_all(
        [
            spawn_script(WORKER, [pg_url, str(out), *map(str, order)])
            for out, order in zip(outs, [ids, ids[::-1]], strict=True)
        ]
    )
    games, counted, alltime = asyncio.run(stored(pg_url))
    assert counted == Counter(dict.fromkeys(ids, 1))
    expected = {"u:1": GAMES, "u:2": GAMES, "u:3": GAMES, "ai:easy": GAMES}
    assert games == expected and alltime == expected
