"""The bot's settings: one object read from the environment and `.env`.

Everything configurable lives here so the rest of the code receives a validated `Settings`
instead of reading `os.environ`. A bad value becomes a `ConfigError` with one readable line,
which the CLI prints without a traceback (exit status 2).
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

from bot.runtime.config_error import ConfigError as ConfigError  # imported from here too
from bot.runtime.default_database import OLD_DEFAULT, default_database
from bot.runtime.env_file import EnvFileError, read_env_file
from bot.runtime.setting_words import (
    DEFAULT_GAME_CACHE as DEFAULT_GAME_CACHE,  # imported from here too
)
from bot.runtime.setting_words import (
    DEFAULT_GC_YOUNG_MS,
    LOG_LEVELS,
    MAX_AI_DELAY,
    MAX_GAME_CACHE,
    MAX_GC_YOUNG_MS,
    MAX_PICTURE_CACHE_MB,
    MAX_ROUND_PAUSE,
    MAX_SHARDS,
    MAX_TURN_TIMER,
    MIN_GC_YOUNG_MS,
    MIN_SESSION_SECRET,
    describe,
)
from bot.runtime.setting_words import (
    DEFAULT_PICTURE_CACHE_MB as DEFAULT_PICTURE_CACHE_MB,
)
from bot.runtime.setting_words import (
    DISCORD_API as DISCORD_API,
)

_FILE_VALUES: contextvars.ContextVar[Mapping[str, str | None]] = contextvars.ContextVar(
    "file_values", default=MappingProxyType({})
)
"""What `load_settings` read from the settings file, for `_ReadFile` (never a second open)."""


class _ReadFile(DotEnvSettingsSource):
    """The `.env` source, fed from the values `load_settings` read (bot/runtime/env_file.py) rather
    than from a path pydantic-settings would open itself (a FIFO there blocked for ever)."""

    def __init__(self, settings_cls: type[BaseSettings]) -> None:
        self._values = _FILE_VALUES.get()
        super().__init__(settings_cls, env_file=None)

    def _load_env_vars(self) -> Mapping[str, str | None]:
        return {
            (name if self.case_sensitive else name.lower()): value
            for name, value in self._values.items()
            if not (self.env_ignore_empty and value == "")
        }


class Settings(BaseSettings):
    """Validated settings; field names map to upper-case environment variables."""

    model_config = SettingsConfigDict(
        env_file=None,  # `.env` is read by load_settings, never opened by pydantic-settings
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        case_sensitive=False,
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        """As pydantic-settings orders them (arguments, environment, `.env`, secrets), the
        `.env` values being those `load_settings` read."""
        return init_settings, env_settings, _ReadFile(settings_cls), file_secret_settings

    discord_token: SecretStr | None = None
    # Unset: ./data/tabletop.db, or an existing ./data/loveletter.db (default_database.py).
    database_path: Path = Field(default_factory=default_database)
    dev_guild_id: int | None = Field(default=None, gt=0)
    log_level: str = "INFO"
    turn_timer_seconds: int = Field(default=300, ge=0, le=MAX_TURN_TIMER)
    ai_turn_delay_seconds: float = Field(default=1.0, ge=0, le=MAX_AI_DELAY, allow_inf_nan=False)
    # Durability of saves (storage/db.py, storage/postgres/db.py). SQLite: normal survives any
    # crash of the bot process and loses at most ~1 s of moves on a power loss; full also
    # survives a power loss, slower per save. PostgreSQL: normal and full survive a crash of the
    # database server too; fast (opt-in) may lose its last second of moves.
    database_sync: Literal["normal", "full", "fast"] = "normal"
    # How long the table shows a finished round before the next one starts by itself.
    round_pause_seconds: int = Field(default=15, ge=0, le=MAX_ROUND_PAUSE)
    # Pictures (a game's hand and table drawn as images) beside the text, which always stays.
    pictures: bool = True
    # Where table pictures are drawn (bot/ui/picture_workers.py): process, a worker process on
    # another core, off the GIL of the loop and the database thread; or thread, in this one.
    picture_workers: Literal["process", "thread"] = "process"
    # Memory bounds that keep a long-running process flat (bot/ui/lru.py, bot/service/cache.py):
    # MiB for all the pictures' caches together, and how many running games stay parsed.
    picture_cache_mb: int = Field(default=DEFAULT_PICTURE_CACHE_MB, ge=1, le=MAX_PICTURE_CACHE_MB)
    game_cache: int = Field(default=DEFAULT_GAME_CACHE, ge=1, le=MAX_GAME_CACHE)
    # Young garbage collections every this many ms from the event loop, the older ones by
    # their size and the memory's growth (bot/runtime/gc_pacing.py): small pauses, not rare
    # long ones.
    # 0: CPython's own triggers (what the Discord tests use: tests/conftest.py).
    gc_young_ms: int = Field(default=DEFAULT_GC_YOUNG_MS, ge=0, le=MAX_GC_YOUNG_MS)
    # Where the running bot beats (heartbeat.py) for `python -m bot health`; None: beside
    # DATABASE_PATH, as <database>.heartbeat.
    heartbeat_path: Path | None = None

    @property
    def old_default_database(self) -> bool:
        """DATABASE_PATH is unset and the file of earlier versions was found and is used."""
        return "database_path" not in self.model_fields_set and self.database_path == OLD_DEFAULT

    @property
    def heartbeat_file(self) -> Path:
        path = self.database_path
        return self.heartbeat_path or path.with_name(path.name + ".heartbeat")

    # The live table as a Discord Activity (bot/web/, README "The live table"): off by default;
    # on, it needs the application's id and OAuth2 secret, the https address Discord proxies to,
    # and a secret to sign the page's sessions with.
    activity: bool = False
    discord_client_id: int | None = Field(default=None, gt=0)
    discord_client_secret: SecretStr | None = None
    public_url: str | None = None
    web_host: str = "127.0.0.1"
    web_port: int = Field(default=8080, ge=1, le=65535)
    discord_api_base: str = DISCORD_API
    web_session_secret: SecretStr | None = None

    @field_validator("public_url", "discord_api_base", mode="before")
    @classmethod
    def _address(cls, value: Any, info: ValidationInfo) -> Any:
        """PUBLIC_URL is https (Discord proxies nothing else); the API base may be a local
        http fake. A trailing slash is dropped, so paths join the same either way."""
        if isinstance(value, str):
            value = value.strip().rstrip("/")
            schemes = ("https://",) if info.field_name == "public_url" else ("https://", "http://")
            scheme = next((s for s in schemes if value.startswith(s)), "")
            if not scheme or len(value) == len(scheme) or any(c.isspace() for c in value):
                raise ValueError("not an " + " or ".join(schemes) + " address")
        return value

    @field_validator("web_session_secret", mode="before")
    @classmethod
    def _long_secret(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if len(value) < MIN_SESSION_SECRET:
                raise ValueError(f"shorter than {MIN_SESSION_SECRET} characters")
        return value

    @field_validator("discord_client_secret", mode="before")
    @classmethod
    def _secret_without_blanks(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if any(c.isspace() for c in value):
                raise ValueError("it contains spaces")
        return value

    @model_validator(mode="after")
    def _activity_complete(self) -> Settings:
        if not self.activity:
            return self
        missing = [
            name.upper()
            for name in (
                "discord_client_id",
                "discord_client_secret",
                "public_url",
                "web_session_secret",
            )
            if getattr(self, name) is None
        ]
        if missing:
            raise ValueError(
                "ACTIVITY=on needs " + ", ".join(missing) + ' (README "The live table (Discord '
                'Activity)" says where each comes from)'
            )
        return self

    @field_validator("gc_young_ms")
    @classmethod
    def _not_too_often(cls, value: int) -> int:
        if 0 < value < MIN_GC_YOUNG_MS:
            raise ValueError(f"0 or at least {MIN_GC_YOUNG_MS}")
        return value

    @field_validator("pictures", "activity", mode="before")
    @classmethod
    def _on_or_off(cls, value: Any) -> Any:
        """Only on/off (and true/false): not pydantic's every spelling of a boolean."""
        if isinstance(value, str):
            word = value.strip().lower()
            if word not in ("on", "off", "true", "false"):
                raise ValueError("not on or off")
            return word in ("on", "true")
        return value

    # PostgreSQL instead of the SQLite file: needed when several processes serve the bot.
    database_url: SecretStr | None = None
    # Sharding (discord.py AutoShardedBot): how many shards the bot has in all, and which of
    # them this process runs (default: all of them).
    shard_count: int | None = Field(default=None, ge=1, le=MAX_SHARDS)
    shard_ids: tuple[int, ...] | None = None

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if not value.startswith(("postgresql://", "postgres://")):
                raise ValueError("it must start with postgresql://")
            from storage.postgres.url import url_problem

            problem = url_problem(value)
            if problem is not None:
                raise ValueError(problem)
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",")]
            if not all(p.isascii() and p.isdigit() and len(p) < 6 for p in parts):
                raise ValueError("not a list of shard numbers")
            numbers = [int(p) for p in parts]
            if len(set(numbers)) != len(numbers):
                raise ValueError("a shard is listed twice")
            return tuple(sorted(numbers))
        if isinstance(value, int):
            return (value,)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        outside = [n for n in self.shard_ids if n >= self.shard_count]
        if outside:
            raise ValueError(
                f"SHARD_IDS {outside[0]} is not a shard of SHARD_COUNT={self.shard_count} "
                f"(shards are numbered 0 to {self.shard_count - 1})"
            )
        if len(self.shard_ids) < self.shard_count and self.database_url is None:
            raise ValueError(
                "SHARD_IDS runs only some of the shards, so other processes run the rest: "
                "they must share a database — set DATABASE_URL (PostgreSQL); several "
                "processes cannot share the SQLite file"
            )
        return self

    @model_validator(mode="after")
    def _fast_needs_postgres(self) -> Settings:
        if self.database_sync == "fast" and self.database_url is None:
            raise ValueError(
                "DATABASE_SYNC=fast is for PostgreSQL (DATABASE_URL) only; on the SQLite file "
                "use normal (the default) or full"
            )
        return self

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @field_validator("discord_token", mode="before")
    @classmethod
    def _token_without_blanks(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if not value:
                raise ValueError("it is only spaces")
            if any(c.isspace() for c in value):
                raise ValueError("it contains spaces")
        return value

    @field_validator("database_sync", "picture_workers", mode="before")
    @classmethod
    def _sync_lower_case(cls, value: Any) -> Any:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _known_log_level(cls, value: Any) -> str:
        level = str(value).strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError("unknown log level")
        return level

    @property
    def log_level_number(self) -> int:
        """The `logging` module's number for `log_level`."""
        return int(getattr(logging, self.log_level))


def load_settings(env_file: str | Path | None = ".env") -> Settings:
    """Read settings from the environment and `env_file` (if it exists; bot/runtime/env_file.py).

    Raises `ConfigError` with one line naming the first bad setting and what it expects, or
    what is wrong with the file (not UTF-8, a FIFO, a line that is not NAME=value).
    """
    try:
        values = read_env_file(env_file) if env_file is not None else {}
    except EnvFileError as error:
        raise ConfigError(f"Invalid settings file: {error}") from None
    token = _FILE_VALUES.set(values)
    try:
        return Settings()
    except ValidationError as error:
        raise ConfigError(describe(error)) from None
    finally:
        _FILE_VALUES.reset(token)
