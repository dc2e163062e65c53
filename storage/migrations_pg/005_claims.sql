-- 005: claims (see storage/migrations/005_claims.sql and storage/claims.py).
ALTER TABLE games ADD COLUMN claimed_by TEXT;
ALTER TABLE games ADD COLUMN claimed_version INTEGER;
ALTER TABLE games ADD COLUMN claimed_until DOUBLE PRECISION;
