-- A player whose DMs are closed is told once per game, ephemerally, to use "My hand";
-- remembered here so a restart does not tell them again.
ALTER TABLE seats ADD COLUMN dm_hint_shown INTEGER NOT NULL DEFAULT 0;
