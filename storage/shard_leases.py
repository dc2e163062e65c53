"""Shard leases: each Discord shard is run by one live process among those sharing a database.

Like the claims of storage/claims.py, a lease names its owner and runs until ``expires``; the
owner renews it while it runs and deletes it when it stops, and one that dies lets it run out,
after which any process may take the shard. Taking is all or nothing: a process gets every
shard it asked for, or none and the list of live leases in its way. A lease of another
process under another SHARD_COUNT is in the way too (the shards would not match up).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from storage.db import Database
from storage.errors import StorageError


@dataclass(frozen=True, slots=True)
class ShardLease:
    shard_id: int
    shard_count: int
    owner: str
    expires: float


class ShardsTaken(StorageError):
    """Live leases of other processes stand in the way; nothing was taken."""

    def __init__(self, holders: Sequence[ShardLease]) -> None:
        super().__init__(f"shards held by other processes: {[h.shard_id for h in holders]}")
        self.holders = list(holders)


LEASE_COLUMNS = "shard_id, shard_count, owner, expires"


class ShardLeasesRepo(Database):
    async def take_shards(
        self, shards: Sequence[int], count: int, owner: str, *, now: float, lease: float
    ) -> None:
        """Take (or, for ``owner``, renew) ``shards`` of ``count`` until ``now + lease``, all
        or none: ShardsTaken if another owner's live lease is in the way. Two processes taking
        one shard at once: the second waits for the first's transaction and is refused."""
        async with self.transaction() as conn:
            taken = []
            for shard in shards:
                cursor = await conn.execute(
                    f"INSERT INTO shard_leases ({LEASE_COLUMNS}) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (shard_id) DO UPDATE SET shard_count = excluded.shard_count,"
                    " owner = excluded.owner, expires = excluded.expires"
                    " WHERE shard_leases.owner = excluded.owner OR shard_leases.expires <= ?",
                    (shard, count, owner, now + lease, now),
                )
                taken.append(cursor.rowcount == 1)
            rows = await conn.execute_fetchall(
                f"SELECT {LEASE_COLUMNS} FROM shard_leases WHERE owner <> ? AND expires > ?"
                " ORDER BY shard_id",
                (owner, now),
            )
            refused = {s for s, ok in zip(shards, taken, strict=True) if not ok}
            holders = [ShardLease(*r) for r in rows if r[0] in refused or r[1] != count]
            if holders:
                raise ShardsTaken(holders)  # rolls the transaction back: nothing taken

    async def release_shards(self, owner: str) -> None:
        """Give up every lease of ``owner`` (a clean stop: the next process need not wait)."""
        async with self.transaction() as conn:
            await conn.execute("DELETE FROM shard_leases WHERE owner = ?", (owner,))
