"""One bot process of the multi-process tests (tests/scale): its own GameService on the shared
PostgreSQL database, acting on the same games as the other processes.

    python tests/scale/worker.py clicks URL SEED OUT GAME_ID...   random legal moves, as clicks
    python tests/scale/worker.py deadlines URL SEED OUT LEASE [HOLD_AFTER]
                                                                  the deadline watcher's work

Every applied move is written to OUT at once as a JSON line (so a killed worker's record is
complete up to its death); a deadline worker given HOLD_AFTER stops acting after that many
moves, claims what is due, locks a claimed game's row in an open transaction, writes
{"holding": ...} and sleeps until it is killed.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from typing import IO, Any

from bot.service import GameError, GameService, Outcome, errors
from bot.service.autoplay import time_out
from storage.postgres import PostgresStorage


def record(out: IO[str], **fields: Any) -> None:
    out.write(json.dumps(fields) + "\n")
    out.flush()


async def clicks(url: str, seed: int, out: IO[str], ids: list[int], tasks: int = 2) -> None:
    storage = await PostgresStorage.open(url, pool_size=tasks + 1)
    service = GameService(storage)
    remaining = set(ids)

    async def clicker(rng: random.Random) -> None:
        while remaining:
            game_id = rng.choice(sorted(remaining))
            try:
                game, state = await service.running(game_id)
                player = service.awaiting(game, state)[0]
                decision = rng.choice(list(service.legal(game, state, player)))
                outcome = await service.play(game_id, player, decision, game.version)
            except errors.StaleView:
                record(out, stale=game_id)  # lost a race: another process moved first
                continue
            except errors.NoGame:
                remaining.discard(game_id)
                continue
            record(out, game=game_id, version=outcome.game.version)
            if outcome.game.status != "running":
                remaining.discard(game_id)

    try:
        await asyncio.gather(*(clicker(random.Random(seed * 100 + i)) for i in range(tasks)))
    finally:
        await storage.close()


async def deadlines(url: str, seed: int, out: IO[str], lease: float, hold: int | None) -> None:
    storage = await PostgresStorage.open(url, pool_size=3)
    service = GameService(storage)
    service.claim_lease = lease
    service.ai_backstop = 0.0  # an AI turn is due at once: every move comes from a deadline
    rng = random.Random(seed)
    moved = 0
    try:
        while await storage.next_deadline() is not None:  # some game still runs
            claimed = await storage.claim_due_deadlines(time.time(), service.owner, lease=lease)
            if hold is not None and moved >= hold and claimed:
                await _hold(storage, out, [d.game_id for d in claimed])
            if not claimed:
                await asyncio.sleep(0.01)
                continue
            for due in claimed:
                try:
                    result = await time_out(service, due.game_id, due.version, rng)
                except GameError:
                    result = None
                if result is None:
                    record(out, skipped=due.game_id, version=due.version)
                    continue
                outcome = result if isinstance(result, Outcome) else result.outcome
                record(out, game=due.game_id, version=outcome.game.version)
                moved += 1
    finally:
        await storage.close()


async def _hold(storage: PostgresStorage, out: IO[str], ids: list[int]) -> None:
    """Die holding work: claims on `ids` and a row lock on the first of them."""
    async with storage.transaction() as conn:
        await conn.execute_fetchall("SELECT id FROM games WHERE id = ? FOR UPDATE", (ids[0],))
        record(out, holding=ids)
        await asyncio.sleep(3600)


def main(argv: list[str]) -> None:
    mode, url, seed, path = argv[0], argv[1], int(argv[2]), argv[3]
    with open(path, "a", encoding="utf-8") as out:
        if mode == "clicks":
            asyncio.run(clicks(url, seed, out, [int(a) for a in argv[4:]]))
        else:
            hold = int(argv[5]) if len(argv) > 5 else None
            asyncio.run(deadlines(url, seed, out, float(argv[4]), hold))
        record(out, done=True)


if __name__ == "__main__":
    main(sys.argv[1:])
