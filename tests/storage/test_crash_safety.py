"""Crash safety: SIGKILL a process that is saving real engine moves, at random moments, 24 times.

After every kill the database must open, pass PRAGMA integrity_check, hold every move whose save
had returned (the worker prints a move only after save_move returns), and each game's stored
state must equal the replay of its move log from the stored initial state. The kills alternate
between the two durability modes: both promise that a process crash loses no acknowledged save
(storage/db.py); only a power loss, which this test cannot cause, tells them apart.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import engine.loveletter as engine
from storage import Storage

WORKER = Path(__file__).with_name("crash_worker.py")
KILLS = 24


def run_and_kill(
    db: Path, seed: int, rng: random.Random, sync: str
) -> tuple[set[tuple[int, int]], int]:
    """Start the worker, SIGKILL it at a random moment; (acknowledged (game, seq), exit code)."""
    proc = subprocess.Popen(
        [sys.executable, str(WORKER), str(db), str(seed), sync],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    first = b""
    if rng.random() < 0.25:
        time.sleep(rng.uniform(0.0, 0.5))  # may land during start-up, lobby or the first saves
    else:
        first = proc.stdout.readline()  # wait for the first acknowledged save ...
        time.sleep(rng.uniform(0.0, 0.25))  # ... then kill somewhere in the stream of saves
    os.kill(proc.pid, signal.SIGKILL)
    out, err = proc.communicate(timeout=30)
    # Only complete lines count: a half-written line was never acknowledged.
    lines = [line for line in (first + out).decode().split("\n")[:-1] if line.strip()]
    acked = {(int(g), int(s)) for g, s in (line.split() for line in lines)}
    assert proc.returncode == -signal.SIGKILL, err.decode()
    return acked, proc.returncode


async def verify(db: Path, acked: set[tuple[int, int]], checked: dict[int, int]) -> int:
    """Integrity, acknowledged moves present, state == replay; returns the number of moves."""
    storage = await Storage.open(db)
    try:
        assert await storage.pragma("integrity_check") == "ok"
        total = 0
        rows = await storage.fetchall("SELECT id FROM games WHERE status != 'lobby'")
        for (game_id,) in rows:
            game = await storage.get_game(game_id)
            moves = await storage.get_moves(game_id)
            total += len(moves)
            assert [m.seq for m in moves] == list(range(1, game.version + 1))
            if checked.get(game_id) == game.version:
                continue  # unchanged since the last verification
            initial = await storage.get_initial_state(game_id)
            assert initial is not None
            state = engine.from_json(initial)
            for record in moves:
                state, _ = engine.apply(state, engine.move_from_dict(json.loads(record.move)))
            assert engine.to_json(state) == game.state, f"game {game_id} differs from its log"
            assert (game.status == "finished") == state.game_over
            if state.game_over:
                result = await storage.get_result(game_id)
                assert result is not None and result.winners == (state.winner,)
            checked[game_id] = game.version
        stored = {(g, m.seq) for (g,) in rows for m in await storage.get_moves(g)}
        missing = acked - stored
        assert not missing, f"acknowledged moves lost: {sorted(missing)[:5]}"
        return total
    finally:
        await storage.close()


async def test_sigkill_never_loses_an_acknowledged_move(tmp_path: Path) -> None:
    db = tmp_path / "crash" / "loveletter.db"
    rng = random.Random(20261129)
    acked_all: set[tuple[int, int]] = set()
    checked: dict[int, int] = {}
    for run in range(1, KILLS + 1):
        acked, _ = run_and_kill(db, run, rng, "normal" if run % 2 else "full")
        acked_all |= acked
        total = await verify(db, acked_all, checked)
        assert total >= len(acked_all)
    assert len(acked_all) > 200  # the kills really interrupted a busy writer
