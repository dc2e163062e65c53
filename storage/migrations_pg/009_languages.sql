-- 009: languages (see storage/migrations/009_languages.sql, bot/ui/locales.py).
CREATE TABLE server_settings (
    guild_id BIGINT PRIMARY KEY,
    language TEXT NOT NULL
);

CREATE TABLE user_locales (
    user_id BIGINT PRIMARY KEY,
    locale  TEXT NOT NULL
);
