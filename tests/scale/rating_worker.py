"""One bot process of the ratings exactly-once test (tests/scale/test_rating_processes.py):
it tries to save the game-ending move of every given game on the shared PostgreSQL database,
racing another process doing the same, and writes one JSON line per game: saved or refused.

    python tests/scale/rating_worker.py URL OUT GAME_ID...

It starts saving only once every worker is ready (an OUT.ready file each, in OUT's folder),
so the processes really overlap.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from storage import GameEnd
from storage.errors import StaleVersion, WrongStatus
from storage.postgres import PostgresStorage

WORKERS = 2


async def finish_all(url: str, out_path: str, ids: list[int]) -> None:
    storage = await PostgresStorage.open(url, pool_size=3)
    Path(out_path + ".ready").touch()
    while len(list(Path(out_path).parent.glob("*.ready"))) < WORKERS:
        await asyncio.sleep(0.01)
    try:
        with open(out_path, "w") as out:
            for game_id in ids:
                winner = f"p{game_id % 4}"
                scores = {f"p{i}": {"tally": (game_id + i) % 3} for i in range(4)}
                end = GameEnd((winner,), scores=scores)
                try:
                    await storage.save_move(game_id, 0, "{}", {}, winner, game_end=end)
                    out.write(json.dumps({"saved": game_id}) + "\n")
                except (StaleVersion, WrongStatus):
                    out.write(json.dumps({"refused": game_id}) + "\n")
                out.flush()
    finally:
        await storage.close()


if __name__ == "__main__":
    asyncio.run(finish_all(sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:]]))
