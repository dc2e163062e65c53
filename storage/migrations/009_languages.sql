-- 009: languages. A server's language for the bot's public messages when a manager chose one
-- (`/tabletop language`; no row: the server's Discord preferred locale), and each user's last
-- seen Discord locale (of their latest interaction), which their DMs are written in. Written
-- only when it changes, so a click costs no write (bot/ui/locales.py).
CREATE TABLE server_settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL
);

CREATE TABLE user_locales (
    user_id INTEGER PRIMARY KEY,
    locale  TEXT NOT NULL
);
