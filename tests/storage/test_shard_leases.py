"""Shard leases (storage/shard_leases.py) on both backends, with an injected clock: a shard has
one live owner; a dead owner's lease runs out and another process takes the shard over."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Storage
from storage.postgres import PostgresStorage
from storage.shard_leases import ShardLease, ShardsTaken

LEASE = 20.0
T0 = 1000.0


@pytest.fixture(params=["sqlite", "postgres"])
async def leases(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    if request.param == "postgres":
        opened: Storage = await PostgresStorage.open(request.getfixturevalue("pg_url"))
    else:
        opened = await Storage.open(tmp_path / "bot.db")
    yield opened
    await opened.close()


async def refused(leases: Storage, shards: list[int], owner: str, now: float) -> list[ShardLease]:
    with pytest.raises(ShardsTaken) as caught:
        await leases.take_shards(shards, 2, owner, now=now, lease=LEASE)
    return caught.value.holders


async def test_a_live_lease_keeps_others_out_until_it_runs_out(leases: Storage) -> None:
    await leases.take_shards([0, 1], 2, "a", now=T0, lease=LEASE)
    assert (
        await refused(leases, [1], "b", T0 + 5)
        == [
            ShardLease(0, 2, "a", T0 + LEASE),
            ShardLease(1, 2, "a", T0 + LEASE),
        ][1:]
    )
    await leases.take_shards([0, 1], 2, "a", now=T0 + 10, lease=LEASE)  # a renews
    assert [h.expires for h in await refused(leases, [1], "b", T0 + 25)] == [T0 + 10 + LEASE]
    # a dies (stops renewing): once its lease has run out, b takes both shards over
    await leases.take_shards([0, 1], 2, "b", now=T0 + 10 + LEASE, lease=LEASE)
    assert await refused(leases, [0], "a", T0 + 31) == [ShardLease(0, 2, "b", T0 + 30 + LEASE)]


async def test_taking_is_all_or_nothing(leases: Storage) -> None:
    await leases.take_shards([1], 2, "a", now=T0, lease=LEASE)
    assert [h.shard_id for h in await refused(leases, [0, 1], "b", T0)] == [1]
    await leases.take_shards([0], 2, "c", now=T0, lease=LEASE)  # b got nothing: 0 is free


async def test_a_clean_stop_frees_the_shards_at_once(leases: Storage) -> None:
    await leases.take_shards([0, 1], 2, "a", now=T0, lease=LEASE)
    await leases.release_shards("a")
    await leases.take_shards([0, 1], 2, "b", now=T0 + 1, lease=LEASE)


async def test_another_shard_count_is_in_the_way(leases: Storage) -> None:
    await leases.take_shards([0], 2, "a", now=T0, lease=LEASE)
    with pytest.raises(ShardsTaken) as caught:
        await leases.take_shards([3], 4, "b", now=T0, lease=LEASE)
    assert caught.value.holders == [ShardLease(0, 2, "a", T0 + LEASE)]


async def test_two_processes_taking_one_shard_at_once_get_it_once(pg_url: str) -> None:
    opened = [await PostgresStorage.open(pg_url) for _ in range(6)]
    try:
        results = await asyncio.gather(
            *(s.take_shards([0, 1], 2, f"p{n}", now=T0, lease=LEASE) for n, s in enumerate(opened)),
            return_exceptions=True,
        )
        assert sum(r is None for r in results) == 1
        assert all(isinstance(r, ShardsTaken) for r in results if r is not None)
    finally:
        for s in opened:
            await s.close()
