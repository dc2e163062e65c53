-- 008: skill ratings (openskill, Plackett-Luce; storage/skill.py). One rating per player per
-- server per game (Love Letter's editions share one; an AI level is a player, key 'ai:<level>',
-- a human is 'u:<user id>'). Written in the transaction that saves a finished game's result;
-- the history's primary key (game_id, player_key) is what makes each game count exactly once.
-- Existing databases start empty: `python -m bot db rerate` rebuilds both from the results.
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    player_key TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,   -- rated games played
    PRIMARY KEY (guild_id, game, player_key)
) WITHOUT ROWID;

-- Each rated game's rating after it, per player: the trend in `stats` and its picture.
CREATE TABLE rating_history (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    player_key  TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (game_id, player_key)
) WITHOUT ROWID;
CREATE INDEX rating_history_player ON rating_history (player_key, finished_at);
