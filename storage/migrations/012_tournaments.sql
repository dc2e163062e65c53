-- 012: tournaments (storage/tournaments.py, bot/service/tournaments/). An organiser opens one
-- in a channel; players sign up until it starts; each round's tables are stored when the
-- round is paired, each with the game played in its thread, and its outcome once that game
-- is over, so a restart goes on with the round where it was.
CREATE TABLE tournaments (
    id           INTEGER NOT NULL PRIMARY KEY,  -- max + 1 (no sequence: copies keep it)
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,   -- its sign-up message, its tables' threads, its standings
    message_id   INTEGER,            -- the sign-up message (NULL: not posted yet)
    game         TEXT    NOT NULL,
    variant      TEXT    NOT NULL,
    format       TEXT    NOT NULL,   -- 'swiss' or 'roundrobin'
    seats        INTEGER NOT NULL,   -- players a table
    rounds       INTEGER,            -- NULL: decided when it starts
    ai           INTEGER NOT NULL DEFAULT 0,  -- 1: AI seats fill tables
    organiser_id INTEGER NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'signup',  -- signup, running, finished, cancelled
    round        INTEGER NOT NULL DEFAULT 0,         -- the round being played (0: not started)
    created_at   REAL    NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (status);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    rating        REAL    NOT NULL DEFAULT 0,  -- the seed: conservative rating at the start
    withdrawn     INTEGER,                     -- out from this round on (NULL: playing)
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    table_no      INTEGER NOT NULL,
    players       TEXT    NOT NULL,   -- JSON [user id, ...] in seat order; one: a bye
    ai_seats      INTEGER NOT NULL DEFAULT 0,
    thread_id     INTEGER,            -- the table's thread (NULL: a bye, or not opened yet)
    game_id       INTEGER,            -- the game played there
    winners       TEXT,               -- JSON [user id, ...]; NULL until the table is over
    forfeits      TEXT,               -- JSON [user id, ...]: forfeit losses at this table
    PRIMARY KEY (tournament_id, round, table_no)
);
