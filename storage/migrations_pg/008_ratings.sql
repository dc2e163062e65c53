-- 008: skill ratings (see storage/migrations/008_ratings.sql, storage/skill.py).
CREATE TABLE ratings (
    guild_id   BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    player_key TEXT    NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, player_key)
);

CREATE TABLE rating_history (
    game_id     BIGINT  NOT NULL REFERENCES games (id),
    player_key  TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, player_key)
);
CREATE INDEX rating_history_player ON rating_history (player_key, finished_at);
