-- 006: claims. Work nobody clicked (a due turn deadline, an AI turn) is claimed by one process
-- before it acts: claimed_by took it at claimed_version until claimed_until (unix seconds).
-- A claim is void once the game's version moves on or claimed_until passes, so a process that
-- dies holding one leaves nothing stuck: another takes the work over when the claim runs out.
ALTER TABLE games ADD COLUMN claimed_by TEXT;
ALTER TABLE games ADD COLUMN claimed_version INTEGER;
ALTER TABLE games ADD COLUMN claimed_until REAL;
-- Bumped by every write to a game or its seats (a claim is no write: no field of the game
-- changes). A process caching a game compares (version, revision) with one indexed read
-- instead of reloading it, and trusts its copy only while both match.
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
