-- 004: storage keeps any game, not only Love Letter. Converts a v3 database with nothing lost.
-- Every v3 row was a Love Letter game, so this file (and only this one) names that game.

-- games: the game beside its variant (v3's edition is Love Letter's variant); the round-break
-- flag becomes the game's own pause: turn_deadline ends a pause the game asked for (Love
-- Letter's break between rounds), not a turn's time limit. New rows always name their game.
ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '';
UPDATE games SET game = 'loveletter';
ALTER TABLE games RENAME COLUMN edition TO variant;
ALTER TABLE games RENAME COLUMN round_break TO paused;

-- seats.rounds_won goes: a running game's state knows its rounds won, and a finished game's
-- were added to its players' tallies (rounds_won metric, below) when it finished. Rebuilt
-- rather than ALTERed so the schema text keeps one comment per column (nothing refers to
-- seats, so dropping the old table deletes nothing else).
CREATE TABLE seats_004 (
    game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat              INTEGER NOT NULL,   -- 0..n-1, the play order
    player_id         TEXT    NOT NULL,   -- the game's player identity for this seat
    user_id           INTEGER,            -- Discord user, NULL for a bot seat
    ai_level          TEXT,               -- set for bot seats and for humans replaced by an AI
    display_name      TEXT    NOT NULL,
    dm_status         TEXT    NOT NULL DEFAULT 'unknown'
                      CHECK (dm_status IN ('unknown', 'ok', 'refused')),
    timeouts_in_a_row INTEGER NOT NULL DEFAULT 0,
    dm_hint_shown     INTEGER NOT NULL DEFAULT 0,  -- told once per game to use "My hand"
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id),
    CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
) WITHOUT ROWID;

INSERT INTO seats_004 (game_id, seat, player_id, user_id, ai_level, display_name, dm_status,
                       timeouts_in_a_row, dm_hint_shown)
SELECT game_id, seat, player_id, user_id, ai_level, display_name, dm_status,
       timeouts_in_a_row, dm_hint_shown
  FROM seats;

DROP TABLE seats;
ALTER TABLE seats_004 RENAME TO seats;
CREATE UNIQUE INDEX seats_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

-- moves.round goes: which round a move belongs to is known by replaying the log from
-- games.initial_state (the game's own rules decide what a round is). The append-only
-- triggers stay: dropping a column rewrites the table without firing them.
ALTER TABLE moves DROP COLUMN round;

-- tallies: one row per (server, user, game, variant, metric). Each v3 row becomes four metric
-- rows, zeros kept, so every leaderboard and every stats line reads the same: the edition's
-- tally is "crowns" (hobbit), "tokens" (l5r) or "hearts" (pegasus).
CREATE TABLE tallies_004 (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    variant  TEXT    NOT NULL,
    metric   TEXT    NOT NULL,   -- named by the game: crowns, games_won, dragons_defeated ...
    value    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game, variant, metric)
) WITHOUT ROWID;

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

-- results: winners (player ids) and their users as JSON lists, per-player scores as JSON
-- {player: {name: value}} (v3's final tallies become {"tally": n}), and the game's own summary
-- (v3's round count becomes {"rounds": n}).
CREATE TABLE results_004 (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id),
    winners         TEXT NOT NULL DEFAULT '[]',   -- JSON [player_id, ...]
    winner_user_ids TEXT NOT NULL DEFAULT '[]',   -- JSON [user_id, ...]: the human winners
    scores          TEXT NOT NULL DEFAULT '{}',   -- JSON {player_id: {name: value}}
    summary         TEXT NOT NULL DEFAULT '{}',   -- JSON, the game's own (e.g. rounds played)
    finished_at     REAL NOT NULL
);

INSERT INTO results_004 (game_id, winners, winner_user_ids, scores, summary, finished_at)
SELECT game_id,
       CASE WHEN winner IS NULL THEN '[]' ELSE json_array(winner) END,
       CASE WHEN winner_user_id IS NULL THEN '[]' ELSE json_array(winner_user_id) END,
       (SELECT coalesce(json_group_object(key, json_object('tally', value)), '{}')
          FROM json_each(final_tallies)),
       json_object('rounds', rounds),
       finished_at
  FROM results;

DROP TABLE results;
ALTER TABLE results_004 RENAME TO results;
