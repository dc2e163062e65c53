-- 012: tournaments (see storage/migrations/012_tournaments.sql, storage/tournaments.py).
CREATE TABLE tournaments (
    id           BIGINT  NOT NULL PRIMARY KEY,
    guild_id     BIGINT  NOT NULL,
    channel_id   BIGINT  NOT NULL,
    message_id   BIGINT,
    game         TEXT    NOT NULL,
    variant      TEXT    NOT NULL,
    format       TEXT    NOT NULL,
    seats        INTEGER NOT NULL,
    rounds       INTEGER,
    ai           INTEGER NOT NULL DEFAULT 0,
    organiser_id BIGINT  NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'signup',
    round        INTEGER NOT NULL DEFAULT 0,
    created_at   DOUBLE PRECISION NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status);

CREATE TABLE tournament_players (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    user_id       BIGINT  NOT NULL,
    name          TEXT    NOT NULL,
    rating        DOUBLE PRECISION NOT NULL DEFAULT 0,
    withdrawn     INTEGER,
    joined_at     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_tables (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    players       TEXT    NOT NULL,
    ai_seats      INTEGER NOT NULL DEFAULT 0,
    thread_id     BIGINT,
    game_id       BIGINT,
    winners       TEXT,
    forfeits      TEXT,
    PRIMARY KEY (tournament_id, round, table_no)
);
