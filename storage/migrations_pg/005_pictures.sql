-- 005: a per-user preference for pictures in the bot's messages (a game's card pictures in
-- that user's own hand and DMs); off for players who prefer text (screen readers, slow links).
ALTER TABLE user_settings ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1));
