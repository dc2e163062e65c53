-- 004: storage keeps any game, not only Love Letter (PostgreSQL dialect of
-- storage/migrations/004_any_game.sql). Every row before 004 was a Love Letter game, so this
-- file (and only this one) names that game. PostgreSQL alters columns in place where SQLite
-- had to rebuild tables; the result has the same tables, columns and constraints.

ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '';
UPDATE games SET game = 'loveletter';
ALTER TABLE games RENAME COLUMN edition TO variant;
ALTER TABLE games RENAME COLUMN round_break TO paused;

-- a running game's state knows its rounds won; a finished game's are in the tallies
ALTER TABLE seats DROP COLUMN rounds_won;

-- which round a move belongs to is known by replaying the log from games.initial_state
ALTER TABLE moves DROP COLUMN round;

-- tallies: one row per (server, user, game, variant, metric), each old row becomes four
CREATE TABLE tallies_004 (
    guild_id BIGINT  NOT NULL,
    user_id  BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    variant  TEXT    NOT NULL,
    metric   TEXT    NOT NULL,   -- named by the game: crowns, games_won, dragons_defeated ...
    value    INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT tallies_pkey_004 PRIMARY KEY (guild_id, user_id, game, variant, metric)
);

INSERT INTO tallies_004 (guild_id, user_id, game, variant, metric, value)
SELECT guild_id, user_id, 'loveletter', edition,
       CASE edition WHEN 'hobbit' THEN 'crowns' WHEN 'l5r' THEN 'tokens'
                    WHEN 'pegasus' THEN 'hearts' ELSE 'tally' END,
       tally
  FROM tallies
UNION ALL
SELECT guild_id, user_id, 'loveletter', edition, 'games_played', games_played FROM tallies
UNION ALL
SELECT guild_id, user_id, 'loveletter', edition, 'games_won', games_won FROM tallies
UNION ALL
SELECT guild_id, user_id, 'loveletter', edition, 'rounds_won', rounds_won FROM tallies;

DROP TABLE tallies;
ALTER TABLE tallies_004 RENAME TO tallies;

-- results: winners and their users as JSON lists, scores per player, the game's own summary
ALTER TABLE results ADD COLUMN winners TEXT NOT NULL DEFAULT '[]';         -- JSON [player_id, ...]
ALTER TABLE results ADD COLUMN winner_user_ids TEXT NOT NULL DEFAULT '[]'; -- JSON [user_id, ...]
ALTER TABLE results ADD COLUMN scores TEXT NOT NULL DEFAULT '{}';  -- JSON {player_id: {name: value}}
ALTER TABLE results ADD COLUMN summary TEXT NOT NULL DEFAULT '{}'; -- JSON, the game's own

UPDATE results SET
    winners = CASE WHEN winner IS NULL THEN '[]' ELSE json_build_array(winner)::text END,
    winner_user_ids = CASE WHEN winner_user_id IS NULL THEN '[]'
                           ELSE json_build_array(winner_user_id)::text END,
    scores = (SELECT coalesce(json_object_agg(key, json_build_object('tally', value::int)),
                              '{}')::text
                FROM json_each_text(final_tallies::json)),
    summary = json_build_object('rounds', rounds)::text;

ALTER TABLE results DROP COLUMN winner;
ALTER TABLE results DROP COLUMN winner_user_id;
ALTER TABLE results DROP COLUMN rounds;
ALTER TABLE results DROP COLUMN final_tallies;
