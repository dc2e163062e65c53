-- 001: initial schema. Times are unix seconds (REAL); JSON columns hold TEXT.

CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    edition          TEXT    NOT NULL,
    options          TEXT    NOT NULL DEFAULT '{}',
    status           TEXT    NOT NULL DEFAULT 'lobby'
                     CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    initial_state    TEXT,            -- engine state when the game started: the move log replays from here
    state            TEXT,            -- current engine state (NULL while in the lobby)
    version          INTEGER NOT NULL DEFAULT 0,   -- = number of moves saved = last move seq
    table_message_id INTEGER,
    host_id          INTEGER NOT NULL,
    timer_seconds    INTEGER NOT NULL DEFAULT 300,
    turn_deadline    REAL,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

-- One lobby or running game per channel.
CREATE UNIQUE INDEX games_active_channel ON games (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_status ON games (status);

CREATE TABLE seats (
    game_id           INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat              INTEGER NOT NULL,   -- 0..n-1, the play order
    player_id         TEXT    NOT NULL,   -- the engine's player identity for this seat
    user_id           INTEGER,            -- Discord user, NULL for a bot seat
    ai_level          TEXT,               -- set for bot seats and for humans replaced by an AI
    display_name      TEXT    NOT NULL,
    dm_status         TEXT    NOT NULL DEFAULT 'unknown'
                      CHECK (dm_status IN ('unknown', 'ok', 'refused')),
    timeouts_in_a_row INTEGER NOT NULL DEFAULT 0,
    rounds_won        INTEGER NOT NULL DEFAULT 0,  -- moved into tallies when the game finishes
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id),
    CHECK (user_id IS NOT NULL OR ai_level IS NOT NULL)
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

-- Append-only: rows are never updated or deleted (triggers below enforce it).
CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    round      INTEGER NOT NULL,
    player     TEXT    NOT NULL,
    move       TEXT    NOT NULL,
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN SELECT RAISE(ABORT, 'moves are append-only'); END;

CREATE TABLE tallies (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    edition      TEXT    NOT NULL,
    tally        INTEGER NOT NULL DEFAULT 0,   -- crowns / tokens of affection / hearts
    games_played INTEGER NOT NULL DEFAULT 0,
    games_won    INTEGER NOT NULL DEFAULT 0,
    rounds_won   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, edition)
) WITHOUT ROWID;

CREATE TABLE results (
    game_id        INTEGER PRIMARY KEY REFERENCES games (id),
    winner         TEXT,               -- winning player id (NULL if none)
    winner_user_id INTEGER,
    rounds         INTEGER NOT NULL,
    final_tallies  TEXT    NOT NULL,   -- JSON {player_id: tally}
    finished_at    REAL    NOT NULL
);

CREATE TABLE user_settings (
    user_id    INTEGER PRIMARY KEY,
    dm_enabled INTEGER NOT NULL DEFAULT 1 CHECK (dm_enabled IN (0, 1))
);
