"""Several bot processes on one PostgreSQL database (real OS processes, tests/scale/worker.py):
racing clicks on the same 20 games apply every move exactly once, due deadlines are handled
once each, and a process killed (SIGKILL) holding claims and a row lock stops no game."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from engine.api import game as rules_of
from storage.postgres import PostgresStorage

REPO_ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("worker.py")
GAMES = 20
"""Games each test plays to their end (about 57 moves each). 20 rather than the 50 of old: the
moves are these tests' child CPU (38 s of it with 50); with fewer games the 4-8 clickers meet
on the same game more often, not less (a race lost is asserted)."""
PLAYERS = 3
TIMEOUT = 240.0  # seconds a worker may take before the test calls it stuck


async def start_games(url: str, *, timer: int = 300) -> list[int]:
    storage = await PostgresStorage.open(url)
    service = GameService(storage)
    ids = []
    try:
        for n in range(GAMES):
            users = [1000 + n * 10 + i for i in range(PLAYERS)]
            await service.new_lobby(1, 500 + n, users[0], "p0", "loveletter", "pegasus", {}, timer)
            for i, user in enumerate(users[1:], 1):
                await service.join(500 + n, user, f"p{i}")
            game = await service.start(500 + n, users[0], rng=random.Random(n))
            ids.append(game.id)
    finally:
        await storage.close()
    return ids


def spawn(args: list[str]) -> subprocess.Popen[bytes]:
    return spawn_script(WORKER, args)


def spawn_script(script: Path, args: list[str]) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.Popen([sys.executable, str(script), *args], env=env, cwd=REPO_ROOT)


def wait_all(workers: list[subprocess.Popen[bytes]]) -> None:
    deadline = time.monotonic() + TIMEOUT
    for worker in workers:
        try:
            worker.wait(max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            for w in workers:
                w.kill()
            pytest.fail(f"a worker did not finish within {TIMEOUT:g} s: a game is stuck")
    assert [w.returncode for w in workers] == [0] * len(workers)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


async def verify(url: str, ids: list[int], applied: list[tuple[int, int]]) -> dict[int, int]:
    """Every stored move was applied by exactly one process, none is missing, and replaying
    each move log from the initial state gives the stored state. Returns game -> moves."""
    twice = [key for key, n in Counter(applied).items() if n > 1]
    assert twice == [], f"moves applied twice: {twice[:5]}"
    by_game: dict[int, set[int]] = {}
    for game_id, version in applied:
        by_game.setdefault(game_id, set()).add(version)
    rules = rules_of("loveletter")
    storage = await PostgresStorage.open(url)
    try:
        versions = {}
        for game_id in ids:
            game = await storage.get_game(game_id)
            moves = await storage.get_moves(game_id)
            assert [m.seq for m in moves] == list(range(1, game.version + 1))
            assert by_game.get(game_id, set()) == set(range(1, game.version + 1))
            initial = await storage.get_initial_state(game_id)
            assert initial is not None and game.state is not None
            state = rules.from_json(initial)
            for move in moves:
                decision = rules.decision_from_dict(json.loads(move.move))
                state, _ = rules.apply(state, move.player, decision)
            assert rules.to_json(state) == game.state
            assert game.status == "finished"  # every game was played to its end
            versions[game_id] = game.version
        return versions
    finally:
        await storage.close()


@pytest.mark.parametrize("processes", [2, 4])
def test_racing_processes_apply_every_move_exactly_once(
    pg_url: str, tmp_path: Path, processes: int
) -> None:
    ids = asyncio.run(start_games(pg_url))
    outs = [tmp_path / f"clicks{i}.jsonl" for i in range(processes)]
    wait_all(
        [
            spawn(["clicks", pg_url, str(i + 1), str(out), *map(str, ids)])
            for i, out in enumerate(outs)
        ]
    )
    records = [r for out in outs for r in lines(out)]
    applied = [(r["game"], r["version"]) for r in records if "game" in r]
    versions = asyncio.run(verify(pg_url, ids, applied))
    assert len(applied) == sum(versions.values())
    # The processes really raced: some clicks lost to another process's move.
    assert any("stale" in r for r in records)


def test_due_deadlines_are_handled_once_each(pg_url: str, tmp_path: Path) -> None:
    ids = asyncio.run(start_games(pg_url, timer=1))
    outs = [tmp_path / f"deadlines{i}.jsonl" for i in range(4)]
    wait_all(
        [spawn(["deadlines", pg_url, str(i + 1), str(out), "30"]) for i, out in enumerate(outs)]
    )
    records = [r for out in outs for r in lines(out)]
    applied = [(r["game"], r["version"]) for r in records if "game" in r]
    assert [r for r in records if "skipped" in r] == []  # no claim was ever someone else's
    versions = asyncio.run(verify(pg_url, ids, applied))
    assert len(applied) == sum(versions.values())
    assert sum(1 for out in outs if any("game" in r for r in lines(out))) > 1  # shared work


def test_a_killed_process_leaves_no_game_stuck(pg_url: str, tmp_path: Path) -> None:
    ids = asyncio.run(start_games(pg_url, timer=1))
    holder_out = tmp_path / "holder.jsonl"
    holder = spawn(["deadlines", pg_url, "9", str(holder_out), "2", "5"])
    deadline = time.monotonic() + TIMEOUT
    while not (holder_out.exists() and any("holding" in r for r in lines(holder_out))):
        assert holder.poll() is None and time.monotonic() < deadline, "the holder never held"
        time.sleep(0.05)
    others_out = [tmp_path / f"other{i}.jsonl" for i in range(2)]
    others = [
        spawn(["deadlines", pg_url, str(i + 1), str(o), "2"]) for i, o in enumerate(others_out)
    ]
    time.sleep(0.5)  # the others are at work while the holder still holds
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    wait_all(others)
    held = next(r["holding"] for r in lines(holder_out) if "holding" in r)
    records = [r for out in (holder_out, *others_out) for r in lines(out)]
    applied = [(r["game"], r["version"]) for r in records if "game" in r]
    versions = asyncio.run(verify(pg_url, ids, applied))
    assert len(applied) == sum(versions.values())
    taken_over = {r["game"] for out in others_out for r in lines(out) if "game" in r}
    assert set(held) <= taken_over  # the held games were finished by the others
