"""A bot that finds its shard lease taken by another process (it stalled for longer than the
lease, and another process took the shard over) stops, rather than answer clicks beside the
new owner (bot/runtime/shard_lease.py)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from discord.ext import commands
from pydantic import SecretStr

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from storage.postgres import PostgresStorage
from storage.shard_leases import ShardsTaken

LEASE = 0.5


@pytest.fixture
def simcord_bot(tmp_path: Path, pg_url: str) -> commands.Bot:
    bot = create_bot(Settings(database_path=tmp_path / "unused.db", database_url=SecretStr(pg_url)))
    # Renewed only after it has run out: as if this process had stalled for that long.
    bot.shard_leases.lease, bot.shard_leases.every = LEASE, 4 * LEASE  # type: ignore[attr-defined]
    return bot


async def test_a_bot_whose_shard_was_taken_over_stops(simcord_env, pg_url: str) -> None:
    assert not simcord_env.bot.is_closed()
    await asyncio.sleep(2 * LEASE)  # real time: the lease has run out
    other = await PostgresStorage.open(pg_url)
    try:
        # The bot renews every 4 leases, so its lease is held 1 part in 4 of the time: take the
        # shard over in a moment when it has run out (retried, as a starting process would).
        deadline = time.monotonic() + 60
        while True:
            try:
                await other.take_shards([0], 1, "another process", now=time.time(), lease=60)
                break
            except ShardsTaken:
                assert time.monotonic() < deadline, "the bot's lease never ran out"
                await asyncio.sleep(0.05)
        while not simcord_env.bot.is_closed() and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert simcord_env.bot.is_closed()
    finally:
        await other.close()
