"""What each setting accepts: its limits and defaults, in words for the one-line error, and
that line made from pydantic's errors (`describe`). Apart from bot/runtime/config.py's
`Settings`, so the words can be read without the settings' machinery."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.runtime.gc_pacing import DEFAULT_GC_YOUNG_MS as DEFAULT_GC_YOUNG_MS  # light: gc
from bot.runtime.gc_pacing import MAX_GC_YOUNG_MS as MAX_GC_YOUNG_MS
from bot.runtime.gc_pacing import MIN_GC_YOUNG_MS as MIN_GC_YOUNG_MS

if TYPE_CHECKING:
    from pydantic import ValidationError

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
# Upper bounds for the durations: a larger value is a typo (or `inf`), never a wish.
MAX_TURN_TIMER = 86_400  # a day
MAX_AI_DELAY = 60.0
MAX_ROUND_PAUSE = 3_600
MAX_SHARDS = 10_000  # Discord's own limits are far below; more is a typo
MIN_SESSION_SECRET = 32  # characters of WEB_SESSION_SECRET: HMAC keys shorter are guessable
DISCORD_API = "https://discord.com/api/v10"
MAX_PICTURE_CACHE_MB = 4_096  # more than a small server's memory: a typo (a number of bytes?)
MAX_GAME_CACHE = 1_000_000  # running games kept parsed: ~25 GiB at that, far past one process
# The defaults bot/ui/lru.py and bot/service/cache.py use without settings (the same numbers,
# not imported: the settings are read before the service's heavy imports).
DEFAULT_PICTURE_CACHE_MB = 64
DEFAULT_GAME_CACHE = 2_000

# What each setting expects, in words, for the one-line error message.
EXPECTED: dict[str, str] = {
    "discord_token": "the bot token from the Discord developer portal",
    "database_path": "a file path for the SQLite database",
    "database_url": "a postgresql://user:password@host:port/database URL, or empty for SQLite",
    "shard_count": f"a whole number of shards, 1 to {MAX_SHARDS}, or empty (no sharding)",
    "shard_ids": "a comma-separated list of shard numbers (e.g. 0,1), or empty (every shard)",
    "dev_guild_id": "a Discord server id (a whole number), or empty",
    "log_level": "one of " + ", ".join(LOG_LEVELS),
    "turn_timer_seconds": f"a whole number of seconds, 0 or more and at most {MAX_TURN_TIMER} "
    "(0 = no turn timer)",
    "ai_turn_delay_seconds": f"a number of seconds, 0 or more and at most {MAX_AI_DELAY:g} "
    "(e.g. 1.5)",
    "database_sync": "normal, full or fast (full also survives a power loss on SQLite; fast, "
    "PostgreSQL only, may lose the last second of moves if the database server crashes)",
    "pictures": "on or off (pictures of the cards and the table beside the text)",
    "picture_workers": "process or thread (where table pictures are drawn)",
    "round_pause_seconds": f"a whole number of seconds, 0 or more and at most {MAX_ROUND_PAUSE} "
    "(0 = next round at once)",
    "heartbeat_path": "a file path for the heartbeat file, or empty (beside the database)",
    "activity": "on or off (the live table as a Discord Activity)",
    "discord_client_id": "the application id from the Discord developer portal (a whole number)",
    "discord_client_secret": "the OAuth2 client secret from the Discord developer portal",
    "public_url": "the https:// address Discord reaches the live table at (e.g. "
    "https://table.example.org)",
    "web_host": "an address for the live table to listen on (e.g. 127.0.0.1 or 0.0.0.0)",
    "web_port": "a TCP port number, 1 to 65535",
    "discord_api_base": "the http(s):// base URL of Discord's API",
    "web_session_secret": f"a random text of at least {MIN_SESSION_SECRET} characters "
    "(e.g. from `python -c 'import secrets; print(secrets.token_urlsafe(32))'`)",
    "picture_cache_mb": f"a whole number of MiB, 1 to {MAX_PICTURE_CACHE_MB} (memory for the "
    "pictures' caches, in the bot's process and again in its drawing worker)",
    "gc_young_ms": f"a whole number of milliseconds, 0 or {MIN_GC_YOUNG_MS} to {MAX_GC_YOUNG_MS} "
    "(0 = CPython's own collection triggers)",
    "game_cache": f"a whole number of games, 1 to {MAX_GAME_CACHE} (running games kept in "
    "memory; the others are read from the database when clicked)",
}

SECRET_SETTINGS = frozenset(
    {"discord_token", "database_url", "discord_client_secret", "web_session_secret"}
)  # never echoed back


def describe(error: ValidationError) -> str:
    """One line naming each bad setting, what it expects and (unless secret) what it got."""
    parts = []
    for detail in error.errors():
        if not detail["loc"]:  # a check across settings (_shards_fit): its own sentence
            parts.append(str(detail.get("ctx", {}).get("error", detail["msg"])))
            continue
        name = str(detail["loc"][0])
        expected = EXPECTED.get(name, detail["msg"])
        part = f"{name.upper()} must be {expected}"
        if name not in SECRET_SETTINGS and "input" in detail:
            got = str(detail["input"])
            part += f" (got {got[:40]!r})"
        elif name in SECRET_SETTINGS and "error" in detail.get("ctx", {}):
            part += f" ({detail['ctx']['error']})"  # what is wrong, never the value
        parts.append(part)
    return "Invalid setting: " + "; ".join(parts)
