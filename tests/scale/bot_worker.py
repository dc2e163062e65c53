"""One real bot process under SimCord (no network, no token): bot.runtime.client.create_bot with the
settings from the environment, its real setup_hook (storage, the SQLite file's lock or the
shard leases). For the tests in tests/scale/test_sole_owner.py.

    python tests/scale/bot_worker.py [LEASE_SECONDS]

Prints "ready" once the bot is up, then serves until its standard input closes (then closes
the bot, as a clean stop does) or it is killed. A refused start prints the bot's one line and
exits with status 2. LEASE_SECONDS shortens the shard leases (renewed four times per lease).
"""

from __future__ import annotations

import asyncio
import sys

import simcord

from bot.runtime.client import create_bot
from bot.runtime.config import load_settings
from storage import StorageError


async def serve(lease: float | None) -> int:
    bot = create_bot(load_settings(env_file=None))
    if lease is not None:
        bot.shard_leases.lease, bot.shard_leases.every = lease, lease / 4  # type: ignore[attr-defined]
    try:
        async with simcord.run(bot, check_errors=False):
            print("ready", flush=True)
            await asyncio.to_thread(sys.stdin.read)
            await bot.close()
    except Exception as error:  # noqa: BLE001 - SimCord may wrap it in an ExceptionGroup
        refused = _storage_error(error)
        if refused is None:
            raise
        print(f"Cannot start: {refused}", file=sys.stderr)
        return 2
    return 0


def _storage_error(error: BaseException) -> StorageError | None:
    if isinstance(error, StorageError):
        return error
    for inner in getattr(error, "exceptions", ()):
        if (found := _storage_error(inner)) is not None:
            return found
    return None


if __name__ == "__main__":
    sys.exit(asyncio.run(serve(float(sys.argv[1]) if len(sys.argv) > 1 else None)))
