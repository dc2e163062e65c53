"""Durability modes and the WAL keeper: checkpoints off the save path keep the WAL bounded, and
in NORMAL mode committed saves are fsynced in the background (never on an idle database)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

from storage import Storage, WalPolicy

SMALL_WAL = WalPolicy(
    check_every=0.005, checkpoint_bytes=64 * 1024, force_bytes=256 * 1024, sync_every=0.02
)


def wal_file(db: Path) -> Path:
    return Path(f"{db}-wal")


async def save_moves(storage: Storage, game_id: int, version: int, count: int) -> int:
    """`count` saves in a row, each a ~3 KB state (about one WAL page per save and table)."""
    for n in range(count):
        version = await storage.save_move(
            game_id, version, '{"s": "' + "x" * 3000 + f'{n}"}}', {"m": n}, "11"
        )
    return version


@pytest.mark.parametrize(("sync", "level"), [("normal", 1), ("full", 2)])
async def test_sync_mode_sets_synchronous_and_leaves_checkpoints_to_the_keeper(
    db_path: Path, sync: str, level: int
) -> None:
    storage = await Storage.open(db_path, sync=sync)  # type: ignore[arg-type]
    try:
        assert storage.sync == sync
        assert await storage.pragma("synchronous") == level
        assert await storage.pragma("wal_autocheckpoint") == 0
        assert await storage.pragma("journal_size_limit") == WalPolicy().checkpoint_bytes
    finally:
        await storage.close()


async def test_unknown_sync_mode_is_refused_before_touching_the_file(db_path: Path) -> None:
    with pytest.raises(ValueError, match="normal, full"):
        await Storage.open(db_path, sync="off")  # type: ignore[arg-type]
    assert not db_path.exists()


async def test_checkpoints_keep_the_wal_bounded_under_a_steady_stream_of_saves(
    db_path: Path,
) -> None:
    """Saves back to back, no pause: a PASSIVE checkpoint never catches up on its own, so only
    the keeper's forced catch-up lets the WAL restart. Without the keeper (wal_autocheckpoint=0)
    the WAL would grow by two pages per save, ~25 MB here."""
    storage = await Storage.open(db_path, wal=SMALL_WAL)
    try:
        game = await storage.create_lobby(1, 100, "loveletter", "pegasus", 11)
        await storage.join(game.id, "11", "u11", user_id=11)
        await storage.join(game.id, "12", "u12", user_id=12)
        game = await storage.start(game.id, "{}")
        version, sizes = game.version, []
        for _ in range(150):
            version = await save_moves(storage, game.id, version, 20)
            sizes.append(wal_file(db_path).stat().st_size)
        stats = storage.wal.stats
        assert stats.checkpoints >= 5
        # The WAL restarted (and shrank to journal_size_limit) again and again instead of
        # growing all along; how big it gets in between depends on the disk's fsync time.
        restarts = sum(1 for a, b in zip(sizes, sizes[1:], strict=False) if b < a)
        assert restarts >= 3
        assert (await storage.get_game(game.id)).version == version == 3000
    finally:
        await storage.close()
    assert not wal_file(db_path).exists()  # the last close checkpoints everything
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT count(*) FROM moves").fetchone() == (3000,)
    conn.close()


async def test_a_wal_above_force_bytes_is_caught_up_with_saves_paused(db_path: Path) -> None:
    """The keeper's step, run by hand (its own timer is off): above force_bytes it checkpoints
    everything under the database lock, so the next commit restarts and shrinks the WAL."""
    policy = WalPolicy(check_every=3600, checkpoint_bytes=64 * 1024, force_bytes=256 * 1024)
    storage = await Storage.open(db_path, wal=policy)
    try:
        game = await storage.create_lobby(1, 100, "loveletter", "pegasus", 11)
        await storage.join(game.id, "11", "u11", user_id=11)
        game = await storage.start(game.id, "{}")
        version = await save_moves(storage, game.id, game.version, 200)
        assert wal_file(db_path).stat().st_size > policy.force_bytes
        await asyncio.to_thread(storage.wal.upkeep)  # the loop must stay free to lend the lock
        assert (storage.wal.stats.checkpoints, storage.wal.stats.forced) == (1, 1)
        await save_moves(storage, game.id, version, 1)
        assert wal_file(db_path).stat().st_size <= policy.checkpoint_bytes
        await asyncio.to_thread(storage.wal.upkeep)  # below checkpoint_bytes: nothing to do
        assert storage.wal.stats.checkpoints == 1
    finally:
        await storage.close()


async def test_normal_mode_fsyncs_the_wal_after_commits_and_not_when_idle(
    db_path: Path,
) -> None:
    storage = await Storage.open(db_path, wal=SMALL_WAL)
    try:
        await storage.create_lobby(1, 100, "loveletter", "pegasus", 11)
        synced = await _wait_for(lambda: storage.wal.stats.wal_syncs >= 1)
        assert synced, "the commit was never fsynced"
        before = storage.wal.stats.wal_syncs
        await asyncio.sleep(20 * SMALL_WAL.sync_every)  # idle: nothing new to make durable
        assert storage.wal.stats.wal_syncs == before
        await storage.create_lobby(1, 101, "loveletter", "pegasus", 11)
        assert await _wait_for(lambda: storage.wal.stats.wal_syncs == before + 1)
    finally:
        await storage.close()


async def test_full_mode_needs_no_background_wal_fsync(db_path: Path) -> None:
    storage = await Storage.open(db_path, sync="full", wal=SMALL_WAL)
    try:
        await storage.create_lobby(1, 100, "loveletter", "pegasus", 11)
        await asyncio.sleep(10 * SMALL_WAL.sync_every)
        assert storage.wal.stats.wal_syncs == 0  # every COMMIT already fsynced the WAL
    finally:
        await storage.close()


async def _wait_for(condition: object, timeout: float = 5.0) -> bool:
    assert callable(condition)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        await asyncio.sleep(0.005)
    return bool(condition())


async def test_a_failing_keeper_warns_once_a_minute_keeps_running_and_recovers(
    db_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = await Storage.open(db_path, wal=SMALL_WAL)
    keeper = storage.wal
    real_upkeep = keeper.upkeep
    failures = []

    def broken() -> None:
        failures.append(1)
        raise sqlite3.OperationalError("disk I/O error")

    try:
        with caplog.at_level("WARNING", logger="storage.wal"):
            monkeypatch.setattr(keeper, "upkeep", broken)
            assert await _wait_for(lambda: len(failures) >= 5)
            warnings = [r for r in caplog.records if "disk I/O error" in r.getMessage()]
            assert len(warnings) == 1  # rate-limited, not once per round
            monkeypatch.setattr(keeper, "upkeep", real_upkeep)
            before = keeper.stats.wal_syncs
            await storage.create_lobby(1, 100, "loveletter", "pegasus", 11)
            assert await _wait_for(lambda: keeper.stats.wal_syncs > before)  # the thread lives
    finally:
        await storage.close()
