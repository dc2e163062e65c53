-- 010: turn DMs (see storage/migrations/010_turn_dms.sql, storage/turn_dms.py).
CREATE TABLE turn_dms (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id BIGINT  NOT NULL,
    channel_id BIGINT  NOT NULL,
    player_id  TEXT    NOT NULL,
    turn_no    INTEGER,
    own_turn   INTEGER,
    shown      INTEGER NOT NULL,
    text       TEXT    NOT NULL,
    PRIMARY KEY (game_id, message_id)
);

CREATE TABLE turns_told (
    game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT    NOT NULL,
    turn_no   INTEGER NOT NULL,
    own_turn  INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
