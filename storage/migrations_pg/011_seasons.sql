-- 011: seasons (see storage/migrations/011_seasons.sql, storage/seasons.py).
CREATE TABLE seasons (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    number     INTEGER NOT NULL,
    channel_id BIGINT  NOT NULL,
    started_by BIGINT  NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    ends_at    DOUBLE PRECISION,
    ended_at   DOUBLE PRECISION,
    PRIMARY KEY (guild_id, game, number)
);
CREATE UNIQUE INDEX seasons_open ON seasons (guild_id, game) WHERE ended_at IS NULL;

CREATE TABLE season_games (
    game_id  BIGINT  NOT NULL PRIMARY KEY REFERENCES games (id),
    guild_id BIGINT  NOT NULL,
    game     TEXT    NOT NULL,
    season   INTEGER NOT NULL
);
CREATE INDEX season_games_season ON season_games (guild_id, game, season);

CREATE TABLE season_ratings (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    season     INTEGER NOT NULL,
    player_key TEXT    NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, season, player_key)
);
