"""Subprocess for the crash-safety test: plays random legal moves of real engine games forever,
saving each one and printing "GAME_ID SEQ" (flushed) only after save_move has returned.

Usage: python crash_worker.py DB_PATH SEED SYNC. Several games play at once (their saves share
group commits) and every running game is resumed, so every run also exercises loading after a
crash. The WAL keeper runs with tiny thresholds, so kills also land in checkpoints (ordinary and
forced), WAL fsyncs and WAL restarts. Killed with SIGKILL by the test at random moments.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import engine.loveletter as engine  # noqa: E402
from storage import Game, GameEnd, Storage, WalPolicy  # noqa: E402

EDITIONS = ("hobbit", "l5r", "pegasus")
USERS = (1, 2, 3, 4)
LANES = 3  # concurrent games per process
# Checkpoint every ~16 saves, force one (saves paused) past ~48: all of it happens many times
# in every run, so the kills hit it.
BUSY_WAL = WalPolicy(
    check_every=0.005, checkpoint_bytes=64 * 1024, force_bytes=192 * 1024, sync_every=0.02
)


async def new_game(storage: Storage, rng: random.Random, channel_id: int) -> Game:
    edition = rng.choice(EDITIONS)
    users = USERS[: rng.randint(2, 4)]
    lobby = await storage.create_lobby(9, channel_id, "loveletter", edition, users[0])
    for user in users:
        await storage.join(lobby.id, str(user), f"user {user}", user_id=user)
    state = engine.new_game(edition, [str(u) for u in users], random.Random(rng.random()), {})
    return await storage.start(lobby.id, engine.to_json(state))


async def play(storage: Storage, game: Game, rng: random.Random) -> None:
    assert game.state is not None
    state, version = engine.from_json(game.state), game.version
    while not state.game_over:
        move = rng.choice(engine.legal_moves(state))
        state, events = engine.apply(state, move)
        end = None
        if state.game_over:
            gains = {p.id: {"tokens": p.tokens} for p in state.players}
            end = GameEnd((state.winner,), gains, summary={"rounds": state.round_no})
        version = await storage.save_move(
            game.id,
            version,
            engine.to_json(state),
            engine.move_to_dict(move),
            move.player,
            game_end=end,
        )
        print(f"{game.id} {version}", flush=True)


async def lane(storage: Storage, rng: random.Random, channel: int, game: Game | None) -> None:
    """One table: finish `game` (resumed after a crash) if given, then play new games forever."""
    while True:
        if game is None:
            channel += 1
            game = await new_game(storage, rng, channel)
        await play(storage, game, rng)
        game = None


async def main(path: str, seed: int, sync: str) -> None:
    """LANES games save at the same time, so the kills also land inside group commits."""
    assert sync in ("normal", "full")
    storage = await Storage.open(path, sync=sync, wal=BUSY_WAL)  # type: ignore[arg-type]
    running = await storage.load_running_games()
    await asyncio.gather(
        *(
            lane(
                storage,
                random.Random(seed * 100 + n),
                seed * 1000 + n * 100,
                running[n] if n < len(running) else None,
            )
            for n in range(max(LANES, len(running)))
        )
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3]))
