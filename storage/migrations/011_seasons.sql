-- 011: seasons (storage/seasons.py, storage/season_sql.py). A server's manager starts a season
-- of one game; it runs until ended, or until `ends_at` (a length in days) when the bot's timer
-- finds it due. Numbered 1, 2, ... per server and game; at most one open at a time.
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    number     INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,   -- where it was started: its final table is posted there
    started_by INTEGER NOT NULL,
    started_at REAL    NOT NULL,
    ends_at    REAL,               -- NULL: until a manager ends it
    ended_at   REAL,               -- NULL: still open
    PRIMARY KEY (guild_id, game, number)
) WITHOUT ROWID;
CREATE UNIQUE INDEX seasons_open ON seasons (guild_id, game) WHERE ended_at IS NULL;

-- Which season each rated game counted in (its primary key: each game in one season, once),
-- written in the transaction that saves the game's result; the seasons' stats read it.
CREATE TABLE season_games (
    game_id  INTEGER NOT NULL PRIMARY KEY REFERENCES games (id),
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    season   INTEGER NOT NULL
);
CREATE INDEX season_games_season ON season_games (guild_id, game, season);

-- The ratings of one season, started afresh in each (same model as `ratings`, 008).
CREATE TABLE season_ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    season     INTEGER NOT NULL,
    player_key TEXT    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, season, player_key)
) WITHOUT ROWID;
