"""DATABASE_URL, SHARD_COUNT and SHARD_IDS: bad combinations are one line naming the setting;
good ones start an AutoShardedBot with exactly those shards."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands

from bot.runtime.client import create_bot
from bot.runtime.config import ConfigError, load_settings

URL = "postgresql://bot:hunter2@db/bot"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"SHARD_IDS": "0,1"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "SHARD_IDS 2 is not a shard of SHARD_COUNT=2"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1"}, "must share a database — set DATABASE_URL"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number of shards"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS must be a comma-separated list"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1", "DATABASE_URL": URL}, "SHARD_IDS must be"),
        ({"DATABASE_URL": "mysql://bot:hunter2@db/bot"}, "DATABASE_URL must be a postgresql://"),
    ],
)
def test_bad_shard_or_database_settings_are_one_line(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], expected: str
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    message = str(caught.value)
    assert "\n" not in message and expected in message
    assert "hunter2" not in message  # the URL's password is never echoed


def test_without_shard_settings_the_bot_is_not_sharded() -> None:
    bot = create_bot(load_settings(env_file=None))
    assert not isinstance(bot, commands.AutoShardedBot)


@pytest.mark.parametrize(
    ("env", "count", "ids"),
    [
        ({"SHARD_COUNT": "3"}, 3, None),  # every shard in this process: SQLite is fine
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3, 1", "DATABASE_URL": URL}, 4, [1, 3]),
    ],
)
def test_shard_settings_start_those_shards(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], count: int, ids: list[int] | None
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    bot = create_bot(load_settings(env_file=None))
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (count, ids)


def test_an_unusable_database_url_is_one_line_before_logging_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from bot.runtime.runner import check_database_setting

    monkeypatch.setenv("DATABASE_URL", f"postgresql://bot:hunter2@/bot?host={tmp_path}")
    with pytest.raises(ConfigError) as caught:
        check_database_setting(load_settings(env_file=None))
    message = str(caught.value)
    assert message.startswith("Invalid setting: DATABASE_URL cannot be used")
    assert "\n" not in message and "hunter2" not in message
