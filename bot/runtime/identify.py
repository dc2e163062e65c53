"""Discord's IDENTIFY limit across every process of the bot: each shard's IDENTIFY (the start
of a gateway session) waits for its turn.

Discord lets a bot start ``max_concurrency`` sessions per 5 seconds (GET /gateway/bot's
``session_start_limit``), one per rate-limit key ``shard_id % max_concurrency``; more, and the
gateway refuses them. discord.py spaces the shards of one process (its default
``before_identify_hook`` sleeps 5 s), but processes started together (SHARD_IDS split over
several containers) would each identify their first shard at once. Before every IDENTIFY the
bot's hook takes the key's lock, first in this process (its own shards queue in order), then,
with DATABASE_URL, in the shared PostgreSQL (storage/postgres/identify_locks.py), and holds it
for ``HOLD_SECONDS`` after the IDENTIFY goes out: Discord's 5 s plus a margin for the network,
counted from the send, so a process that was slow to send does not shorten the next one's wait.
A RESUME is no IDENTIFY and never waits.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot
    from storage.postgres.identify_locks import PgIdentifyLocks

log = logging.getLogger(__name__)

IDENTIFY_SECONDS = 5.0  # Discord: one IDENTIFY per rate-limit key per 5 s
HOLD_SECONDS = IDENTIFY_SECONDS + 0.5  # how long a key stays taken after an IDENTIFY


class IdentifyGate:
    """One process's waits before IDENTIFY (GameBot.before_identify_hook)."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.max_concurrency: int | None = None  # from Discord, asked once
        self._keys: dict[int, asyncio.Lock] = {}
        # the storage's locks (PostgreSQL), opened on first use
        self._shared: PgIdentifyLocks | None = None
        self._releases: set[asyncio.Task[None]] = set()

    async def wait_turn(self, shard_id: int | None) -> None:
        """Return once this shard may IDENTIFY; its key stays taken for HOLD_SECONDS."""
        concurrency = await self._concurrency()
        key = (shard_id or 0) % concurrency
        started = time.monotonic()
        local = self._keys.setdefault(key, asyncio.Lock())
        await local.acquire()
        try:
            shared = self._shared_locks()
            if shared is not None:
                await shared.acquire(key)
        except asyncio.CancelledError:
            local.release()
            raise
        except Exception as error:  # noqa: BLE001 - the database is away: wait as discord.py does
            log.warning(
                "could not take the IDENTIFY lock of shard %s in the database (%s); waiting "
                "%g s instead",
                shard_id or 0,
                error,
                HOLD_SECONDS,
            )
            try:
                await asyncio.sleep(HOLD_SECONDS)
            finally:
                self._later(local, None, key, HOLD_SECONDS)
            return
        waited = time.monotonic() - started
        if waited >= 1.0:
            log.info(
                "shard %s waited %.1f s for its turn to IDENTIFY (rate-limit key %d of %d)",
                shard_id or 0,
                waited,
                key,
                concurrency,
            )
        self._later(local, shared, key, HOLD_SECONDS)

    async def close(self) -> None:
        """The bot stops: give every key up (the next process need not wait for this one)."""
        for task in list(self._releases):
            task.cancel()
        shared, self._shared = self._shared, None
        if shared is not None:
            await shared.close()

    async def _concurrency(self) -> int:
        if self.max_concurrency is None:
            try:
                _shards, _url, limits = await self.bot.http.get_bot_gateway()
                self.max_concurrency = max(1, int(limits["max_concurrency"]))
            except Exception as error:  # noqa: BLE001 - then the strictest: one at a time
                log.warning("could not read Discord's max_concurrency (%s); using 1", error)
                return 1
        return self.max_concurrency

    def _shared_locks(self) -> PgIdentifyLocks | None:
        if self._shared is None:
            try:
                storage = self.bot.storage
            except AttributeError:  # not set up, or closed: no locks to share yet
                return None
            self._shared = storage.identify_locks()
        return self._shared

    def _later(
        self, local: asyncio.Lock, shared: PgIdentifyLocks | None, key: int, delay: float
    ) -> None:
        """Give the key up `delay` seconds from now (the IDENTIFY is sent meanwhile)."""

        async def release() -> None:
            try:
                await asyncio.sleep(delay)
                if shared is not None:
                    await shared.release(key)
            except Exception as error:  # noqa: BLE001 - the database's own end releases it
                log.warning("could not give the IDENTIFY lock back (%s)", error)
            finally:
                local.release()

        task = asyncio.get_running_loop().create_task(release())
        self._releases.add(task)
        task.add_done_callback(self._releases.discard)
