-- 007: shard leases. Each Discord shard must be run by exactly one process, or two processes
-- answer one click. A process holds a lease on each of its shards (owner, until `expires`,
-- unix seconds) and renews it while it runs; a process that dies simply lets it run out, after
-- which another may take the shard (storage/shard_leases.py, bot/shard_lease.py).
CREATE TABLE shard_leases (
    shard_id INTEGER PRIMARY KEY,
    shard_count INTEGER NOT NULL,
    owner TEXT NOT NULL,
    expires REAL NOT NULL
);
