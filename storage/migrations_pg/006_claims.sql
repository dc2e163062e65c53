-- 006: claims and the revision stamp (see storage/migrations/006_claims.sql, storage/claims.py).
ALTER TABLE games ADD COLUMN claimed_by TEXT;
ALTER TABLE games ADD COLUMN claimed_version INTEGER;
ALTER TABLE games ADD COLUMN claimed_until DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
