"""Each Discord shard in exactly one process: two processes running one shard would both
answer its clicks.

At start, before logging in (bot/runtime/runner.py) and again in setup_hook, a process on PostgreSQL
takes a lease in the database on every shard it runs (SHARD_IDS of SHARD_COUNT; an unsharded
bot is shard 0 of 1) and refuses to start, in one line, if another live process holds one
(storage/shard_leases.py). While it runs it renews them every ``every`` seconds; a clean stop
releases them. A process that dies lets them run out within ``lease`` seconds: a replacement
started sooner is refused with the time to start it again. A process that finds its lease
taken (it was stalled for longer than the lease) stops rather than answer beside the new owner.
The SQLite file serves one process anyway (storage/sole_process.py), so there is no lease.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from typing import Any

from bot.runtime.config import Settings
from storage import Storage, StorageError
from storage.shard_leases import ShardLease, ShardsTaken

log = logging.getLogger(__name__)
LEASE_SECONDS = 30.0
RENEW_EVERY = 10.0
# This process, wherever it runs (hostname and pid for the operator; the random part keeps two
# containers that share a hostname and both run as pid 1 apart).
OWNER = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class ShardInUse(StorageError):
    """Another live process runs one of this process's shards (or another SHARD_COUNT)."""

    def __init__(self, holder: ShardLease, count: int) -> None:
        who = f"another live process ({holder.owner})"
        until = datetime.fromtimestamp(holder.expires, UTC).strftime("%H:%M:%S UTC")
        if holder.shard_count != count:
            why = (
                f"{who} runs this bot with SHARD_COUNT={holder.shard_count}, this one with "
                f"{count}; every process sharing DATABASE_URL must use the same SHARD_COUNT"
            )
        elif count == 1:
            why = (
                f"{who} already runs this bot, unsharded, on this DATABASE_URL; give each process "
                "its own SHARD_IDS of a SHARD_COUNT"
            )
        else:
            why = (
                f"shard {holder.shard_id} is already run by {who}; each shard must run in "
                "exactly one process — fix SHARD_IDS"
            )
        super().__init__(
            f"{why} (if that process has stopped, its lease runs out at {until}: start again then)"
        )


class ShardLeases:
    """This process's leases: ``take`` at start, ``keep`` renewing while the bot runs,
    ``release`` when it stops."""

    def __init__(self, settings: Settings, owner: str = OWNER) -> None:
        self.count = settings.shard_count or 1
        self.shards = list(settings.shard_ids or range(self.count))
        self.owner = owner
        self.lease = LEASE_SECONDS
        self.every = RENEW_EVERY
        self.clock: Callable[[], float] = time.time  # real time: other processes compare it
        self._stopped = threading.Event()

    async def take(self, storage: Storage) -> None:
        """Take (or renew) every shard of this process; ShardInUse if one is not free."""
        if not storage.shared:
            return
        try:
            await storage.take_shards(
                self.shards, self.count, self.owner, now=self.clock(), lease=self.lease
            )
        except ShardsTaken as taken:
            raise ShardInUse(taken.holders[0], self.count) from None

    def keep(self, storage: Storage, lost: Callable[[], Coroutine[Any, Any, object]]) -> None:
        """Renew the leases every ``every`` real seconds; if another process has taken one,
        log it and call ``lost()`` (the bot's close). The timer is a thread, not an asyncio
        sleep: leases run in real time, whatever clock the loop keeps (SimCord's is virtual),
        and a loop too busy to renew in time is exactly what the lease must notice."""
        self.stop()
        if not storage.shared:
            return
        loop = asyncio.get_running_loop()
        stopped = threading.Event()

        def renew_until_stopped() -> None:
            while not stopped.wait(self.every):
                if loop.is_closed():  # the bot's loop ended without a close
                    return
                renewal = self._renew(storage, lost)
                try:
                    future = asyncio.run_coroutine_threadsafe(renewal, loop)
                except RuntimeError:  # the loop closed just now
                    renewal.close()
                    return
                try:
                    if not future.result(timeout=self.lease):
                        return
                except concurrent.futures.TimeoutError:
                    future.cancel()

        self._stopped = stopped
        threading.Thread(target=renew_until_stopped, name="shard-leases", daemon=True).start()

    def stop(self) -> None:
        self._stopped.set()

    async def release(self, storage: Storage) -> None:
        """Stop renewing and give the shards up, so a replacement need not wait."""
        self.stop()
        if storage.shared:
            try:
                await storage.release_shards(self.owner)
            except Exception:  # noqa: BLE001 - the leases then simply run out
                log.warning("could not release the shard leases; they run out in %g s", self.lease)

    async def _renew(
        self, storage: Storage, lost: Callable[[], Coroutine[Any, Any, object]]
    ) -> bool:
        """One renewal; False once the leases are lost (and the bot told to close)."""
        if self._stopped.is_set():
            return False
        try:
            await self.take(storage)
        except ShardInUse as taken:
            log.critical("lost the shard lease, stopping this process: %s", taken)
            self.stop()
            asyncio.get_running_loop().create_task(lost())
            return False
        except Exception:  # noqa: BLE001 - keep trying while the database is away
            log.warning("could not renew the shard leases", exc_info=True)
        return True
