-- 010: turn DMs. The "your turn" DMs whose buttons are live (at most one per player per turn,
-- edited in place as the turn goes on), and the turn each player was last told of, so that
-- after a restart, or in another process sharing the database, the next step of a turn edits
-- that turn's DM instead of sending a second one, and an old turn's DM still loses its
-- buttons when the turn is over (bot/ui/dm.py, storage/turn_dms.py).
CREATE TABLE turn_dms (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    message_id INTEGER NOT NULL,   -- the DM (Discord message id)
    channel_id INTEGER NOT NULL,   -- the player's DM channel
    player_id  TEXT    NOT NULL,
    turn_no    INTEGER,            -- the turn it is for; NULL: one decision only
    own_turn   INTEGER,            -- 1: the player's own turn, 0: a decision out of turn
    shown      INTEGER NOT NULL,   -- the game version it shows
    text       TEXT    NOT NULL,   -- its text line as last sent
    PRIMARY KEY (game_id, message_id)
);

CREATE TABLE turns_told (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id TEXT    NOT NULL,
    turn_no   INTEGER NOT NULL,
    own_turn  INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
