"""Two bot processes finishing the same games on one PostgreSQL database (real OS processes,
tests/scale/rating_worker.py): every game is rated exactly once, and no rating update is lost
although every game has the same players (their rating rows are updated concurrently)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path

from storage.postgres import PostgresStorage
from tests.scale.test_processes import spawn_script, wait_all

WORKER = Path(__file__).with_name("rating_worker.py")
GAMES = 60
SEATS = (("p0", 1, None), ("p1", 2, None), ("p2", 3, None), ("p3", None, "easy"))


async def start_games(url: str) -> list[int]:
    """GAMES running games in guild 1, each with users 1, 2, 3 and an easy AI."""
    storage = await PostgresStorage.open(url)
    try:
        ids = []
        for n in range(GAMES):
            lobby = await storage.create_lobby(1, 100 + n, "loveletter", "pegasus", 1)
            for player, user, level in SEATS:
                await storage.join(lobby.id, player, player, user_id=user, ai_level=level)
            await storage.start(lobby.id, "{}")
            ids.append(lobby.id)
        return ids
    finally:
        await storage.close()


async def stored(url: str) -> tuple[dict[str, int], Counter[int], int]:
    storage = await PostgresStorage.open(url)
    try:
        games = dict(await storage.fetchall("SELECT player_key, games FROM ratings"))
        history = Counter(
            r[0] for r in await storage.fetchall("SELECT game_id FROM rating_history")
        )
        results = (await storage.fetchone("SELECT count(*) FROM results"))[0]
        return games, history, results
    finally:
        await storage.close()


def test_two_processes_rate_each_game_exactly_once(pg_url: str, tmp_path: Path) -> None:
    ids = asyncio.run(start_games(pg_url))
    outs = [tmp_path / f"rate{i}.jsonl" for i in range(2)]
    # One goes first to last, the other last to first: they finish different games with the
    # same players side by side, and race for the same games where they meet.
    orders = [ids, ids[::-1]]
    wait_all(
        [
            spawn_script(WORKER, [pg_url, str(out), *map(str, o)])
            for out, o in zip(outs, orders, strict=True)
        ]
    )
    records = [json.loads(line) for out in outs for line in out.read_text().splitlines()]
    saved = Counter(r["saved"] for r in records if "saved" in r)
    assert sorted(saved) == ids and set(saved.values()) == {1}  # each game ended once
    games, history, results = asyncio.run(stored(pg_url))
    assert results == GAMES
    assert history == Counter({game_id: len(SEATS) for game_id in ids})
    assert games == {"u:1": GAMES, "u:2": GAMES, "u:3": GAMES, "ai:easy": GAMES}
