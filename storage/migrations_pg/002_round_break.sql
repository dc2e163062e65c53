-- A game's turn_deadline may be the end of the pause between two rounds instead of a turn's
-- time limit; this flag says which (1 = round break). Every deadline write sets it.
ALTER TABLE games ADD COLUMN round_break INTEGER NOT NULL DEFAULT 0;
