"""Game service benchmark: N concurrent games on a real SQLite file, random legal moves.

Each game seats players through the lobby, starts, then plays random legal moves until it is
won. Per move it times "click to committed state and rendered output": GameService.play
(lock, engine.apply, save in one transaction) plus rendering the table embed and the actor's
hand. Prints the median and 99th percentile per move. `--think` adds a random pause between a
game's moves (players are people); 0 means every game clicks again at once (saturation).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    parser.add_argument("--edition", default="pegasus", help="edition (default pegasus)")
    parser.add_argument("--seed", type=int, default=1, help="seed for deals and moves")
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds between a game's moves (default 0: saturation)",
    )
    parser.add_argument(
        "--database", type=Path, default=None, help="directory for the database (default: temp)"
    )


def run(args: argparse.Namespace) -> int:
    if args.games < 1 or args.think < 0:
        print("bench service: --games must be >= 1 and --think >= 0")
        return 2
    if args.database is not None:
        args.database.mkdir(parents=True, exist_ok=True)
        return asyncio.run(_bench(args, args.database))
    with tempfile.TemporaryDirectory(prefix="bench-service-") as folder:
        return asyncio.run(_bench(args, Path(folder)))


async def _one_game(
    service: object, index: int, args: argparse.Namespace, times: list[float], own: list[float]
) -> int:
    import engine
    from bot.render.hand import render_hand
    from bot.render.table import render_table
    from bot.service import GameService

    assert isinstance(service, GameService)
    rng = random.Random(args.seed * 1_000_003 + index)
    channel = 10_000 + index
    users = [1_000 + index * 10 + i for i in range(args.players)]
    await service.new_lobby(1, channel, users[0], "p0", args.edition, {})
    for i, user in enumerate(users[1:], 1):
        await service.join(channel, user, f"p{i}")
    game = await service.start(channel, users[0], rng=random.Random(rng.random()))
    moves = 0
    while True:
        current, state = await service.running(game.id)
        if state.game_over:
            return moves
        actor = state.actor
        assert actor is not None
        move = rng.choice(engine.legal_moves(state))
        if args.think:
            await asyncio.sleep(rng.expovariate(1 / args.think))
        start = time.perf_counter()
        outcome = await service.play(game.id, actor, move, current.version)
        render_table(outcome.table)
        if outcome.game.status == "running":
            g, st = await service.running(game.id)
            render_hand(service.hand(g, st, actor), reply=outcome.reply)
        spent = time.perf_counter() - start
        times.append(spent)
        own.append(spent - service.storage.last.get(asyncio.current_task(), 0.0))  # type: ignore[attr-defined]
        moves += 1
        if outcome.game.status != "running":
            return moves


class _TimedStorage:
    """Delegates to the real Storage and times save_move, to split commit from service work."""

    def __init__(self, storage: object) -> None:
        self._storage = storage
        self.saves: list[float] = []
        self.last: dict[object, float] = {}  # task -> its latest save time

    def __getattr__(self, name: str) -> object:
        return getattr(self._storage, name)

    async def save_move(self, *args: object, **kwargs: object) -> int:
        start = time.perf_counter()
        try:
            version: int = await self._storage.save_move(*args, **kwargs)  # type: ignore[attr-defined]
        finally:
            spent = time.perf_counter() - start
            self.saves.append(spent)
            self.last[asyncio.current_task()] = spent
        return version


def _ms(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] * 1000


async def _bench(args: argparse.Namespace, folder: Path) -> int:
    from bot.service import GameService
    from storage import Storage

    storage = await Storage.open(folder / "bench.db")
    timed = _TimedStorage(storage)
    try:
        service = GameService(timed)  # type: ignore[arg-type]
        times: list[float] = []
        own: list[float] = []
        wall = time.perf_counter()
        counts = await asyncio.gather(
            *(_one_game(service, i, args, times, own) for i in range(args.games))
        )
        wall = time.perf_counter() - wall
    finally:
        await storage.close()
    median, p99 = statistics.median(times) * 1000, _ms(times, 0.99)
    print(
        f"bench service: {args.games} concurrent {args.edition} games x {args.players} players, "
        f"think {args.think:g} s"
    )
    print(f"  moves: {sum(counts)} in {wall:.2f} s ({sum(counts) / wall:.0f} moves/s)")
    print(f"  per move (click -> committed + rendered): median {median:.2f} ms, p99 {p99:.2f} ms")
    print(
        f"  of which storage.save_move (queue + commit): median "
        f"{statistics.median(timed.saves) * 1000:.2f} ms, p99 {_ms(timed.saves, 0.99):.2f} ms"
    )
    print(
        f"  service work without the save (lock, apply, render): median "
        f"{statistics.median(own) * 1000:.2f} ms, p99 {_ms(own, 0.99):.2f} ms"
    )
    return 0
