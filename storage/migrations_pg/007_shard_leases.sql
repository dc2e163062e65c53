-- 007: shard leases (see storage/migrations/007_shard_leases.sql, storage/shard_leases.py).
CREATE TABLE shard_leases (
    shard_id INTEGER PRIMARY KEY,
    shard_count INTEGER NOT NULL,
    owner TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
