"""`bench web`: the live table's fan-out: TABLES tables with 3 sockets each on one process.

Each table is a Love Letter game of two seated players, watched by both players and a
spectator over real WebSockets (aiohttp, local TCP). Every round each table gets one move
through the service, as a click makes it; the commit hook announces it and the live table
sends every socket its frames. Printed: the time from a committed move to the last of its
table's 3 sockets having the new table (median, p99; the target is at most 100 ms), the CPU
time per frame built, the memory per socket, and the page bundle's gzipped size (at most
300 KB). The sockets' reading runs in the same process, so CPU and memory are upper bounds.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.cli import count

TARGET_P99_MS = 100.0
BUNDLE_LIMIT_KB = 300.0
SOCKETS_PER_TABLE = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tables", type=count(1, 2000), default=200, help="tables (200)")
    parser.add_argument("--rounds", type=count(1, 100), default=5, help="moves per table (5)")
    parser.add_argument("--seed", type=count(), default=1)


def _rss_kb() -> int:
    """This process's resident memory now (Linux), in KB; 0 where it cannot be read."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def bundle_gzip_kb() -> float:
    from bot.web.app import STATIC

    return len(gzip.compress((STATIC / "app.js").read_bytes(), 9)) / 1024


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(
            measure(Path(folder) / "bench.db", args.tables, args.rounds, args.seed)
        )
    for line in report(figures):
        print(line)
    return 0


def report(f: dict[str, float]) -> list[str]:
    verdict = "within" if f["p99_ms"] <= TARGET_P99_MS else "OVER"
    size = "within" if f["bundle_kb"] <= BUNDLE_LIMIT_KB else "OVER"
    return [
        f"bench web: {f['tables']:.0f} tables x {SOCKETS_PER_TABLE} sockets, "
        f"{f['moves']:.0f} moves, {f['frames']:.0f} frames built",
        f"commit -> every socket's frame: median {f['median_ms']:.1f} ms, "
        f"p99 {f['p99_ms']:.1f} ms ({verdict} the {TARGET_P99_MS:.0f} ms target)",
        f"CPU per frame built: {f['cpu_per_frame_ms']:.2f} ms (the sockets' reading included)",
        f"memory per socket: {f['kb_per_socket']:.0f} KB (both ends of the socket included)",
        f"bundle: {f['bundle_kb']:.1f} KB gzipped ({size} the {BUNDLE_LIMIT_KB:.0f} KB limit)",
    ]


async def measure(path: Path, tables: int, rounds: int, seed: int) -> dict[str, float]:
    import aiohttp
    from aiohttp import web

    from bot.service import GameService
    from bot.web.announce import Announcer, announce_commits
    from bot.web.app import LiveTable, QuerySeating, make_app
    from storage import Storage

    storage = await Storage.open(path)
    service = GameService(storage)
    service.seed_source = random.Random(seed)
    announcer = Announcer()
    announce_commits(service, announcer)
    table = LiveTable(service, announcer, QuerySeating())
    runner = web.AppRunner(make_app(table), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    games: list[int] = []
    for n in range(tables):
        ann, bob, channel = 1_000_000 + 2 * n, 1_000_001 + 2 * n, 10_000 + n
        await service.new_lobby(1, channel, ann, "Ann", "loveletter", "hobbit", {}, 0)
        await service.join(channel, bob, "Bob", "loveletter")
        games.append((await service.start(channel, ann, kind="loveletter")).id)
    arrived: dict[tuple[int, int], list[float]] = {}  # (game, version) -> arrival times
    readers: list[asyncio.Task[None]] = []
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))  # a socket each

    async def read(ws: aiohttp.ClientWebSocketResponse) -> None:
        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                break
            head = message.data[:60]
            if '"type":"table"' not in head:
                continue
            frame: dict[str, Any] = json.loads(message.data)
            arrived.setdefault((frame["id"], frame["version"]), []).append(time.perf_counter())

    before = _rss_kb()
    sockets = []
    for n, game_id in enumerate(games):
        for user in (1_000_000 + 2 * n, 1_000_001 + 2 * n, None):
            query = f"game={game_id}" + (f"&user={user}" if user else "")
            ws = await http.ws_connect(f"http://127.0.0.1:{port}/ws?{query}")
            sockets.append(ws)
            readers.append(asyncio.create_task(read(ws)))
    while len(arrived) < len(games) or min(len(v) for v in arrived.values()) < SOCKETS_PER_TABLE:
        await asyncio.sleep(0.05)
    per_socket = (_rss_kb() - before) / len(sockets)
    latencies: list[float] = []
    built = sum(w.frames_built for w in table.watches.values())
    cpu = time.process_time()
    moves = 0
    for _round in range(rounds):
        committed: dict[tuple[int, int], float] = {}
        for game_id in games:
            game, state = await service.running(game_id)
            if game.status != "running":
                continue
            mover = service.awaiting(game, state)[0]
            decision = service.legal(game, state, mover)[0]
            played = await service.play(game_id, mover, decision, game.version)
            committed[game_id, played.game.version] = time.perf_counter()
            moves += 1
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline and any(
            len(arrived.get(key, ())) < SOCKETS_PER_TABLE for key in committed
        ):
            await asyncio.sleep(0.005)
        for key, at in committed.items():
            times = arrived.get(key, [])
            if len(times) >= SOCKETS_PER_TABLE:
                latencies.append((max(times[:SOCKETS_PER_TABLE]) - at) * 1000)
            else:
                latencies.append(float("inf"))  # a frame that never came counts against p99
    cpu = time.process_time() - cpu
    frames = sum(w.frames_built for w in table.watches.values()) - built
    for ws in sockets:
        await ws.close()
    for task in readers:
        task.cancel()
    await http.close()
    await runner.cleanup()
    await announcer.settled()
    await storage.close()
    return {
        "tables": tables,
        "moves": moves,
        "frames": frames,
        "median_ms": _percentile(latencies, 0.5),
        "p99_ms": _percentile(latencies, 0.99),
        "cpu_per_frame_ms": cpu * 1000 / max(frames, 1),
        "kb_per_socket": per_socket,
        "bundle_kb": bundle_gzip_kb(),
    }
