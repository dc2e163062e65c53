"""The IDENTIFY rate-limit keys as PostgreSQL advisory locks (storage/postgres/identify_locks.py):
a key held by one process waits another's taking it until it is given back; other keys are
free meanwhile; a wait given up (cancelled) leaves nothing held; closing gives every key up."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import Storage
from storage.postgres import PostgresStorage


async def test_a_key_waits_for_the_other_process_and_other_keys_do_not(pg_url: str) -> None:
    storage = await PostgresStorage.open(pg_url)
    first, second = storage.identify_locks(), storage.identify_locks()  # two processes' own
    try:
        await first.acquire(0)
        await asyncio.wait_for(second.acquire(1), 5)  # another key: at once
        waiting = asyncio.ensure_future(second.acquire(0))
        await asyncio.sleep(1.0)
        assert not waiting.done()  # key 0 is the first's
        await first.release(0)
        await asyncio.wait_for(waiting, 5)
        with pytest.raises(TimeoutError):  # a wait given up takes nothing
            await asyncio.wait_for(first.acquire(0), 0.6)
        await second.close()  # the connection's end gives both keys up
        await asyncio.wait_for(first.acquire(0), 5)
        await asyncio.wait_for(first.acquire(1), 5)
    finally:
        await first.close()
        await second.close()
        await storage.close()


async def test_sqlite_has_no_shared_locks(tmp_path: Path) -> None:
    """One process per SQLite file: the bot's own per-key locks are all there is."""
    storage = await Storage.open(tmp_path / "bot.db")
    try:
        assert storage.identify_locks() is None
    finally:
        await storage.close()
