"""Settings: defaults, environment and .env sources, the masked token, one-line errors."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.runtime.config import ConfigError, Settings, load_settings

REPO_ROOT = Path(__file__).resolve().parents[3]
FAKE_TOKEN = "MTIz.fake-token.never-real"


def test_defaults_without_environment_or_env_file() -> None:
    settings = load_settings(env_file=None)
    assert settings.discord_token is None
    assert settings.database_path == Path("./data/tabletop.db")
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"
    assert settings.turn_timer_seconds == 300
    assert settings.ai_turn_delay_seconds == 1.0
    assert settings.pictures is True


def test_the_collector_is_paced_unless_set_to_0(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GC_YOUNG_MS")  # tests/conftest.py sets 0 for every other test
    assert load_settings(env_file=None).gc_young_ms == 50
    monkeypatch.setenv("GC_YOUNG_MS", "0")
    assert load_settings(env_file=None).gc_young_ms == 0


@pytest.mark.parametrize(("value", "on"), [("on", True), ("OFF", False), (" off ", False)])
def test_pictures_is_on_or_off(monkeypatch: pytest.MonkeyPatch, value: str, on: bool) -> None:
    monkeypatch.setenv("PICTURES", value)
    assert load_settings(env_file=None).pictures is on


def test_environment_overrides_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURN_TIMER_SECONDS", "0")
    monkeypatch.setenv("LOG_LEVEL", "debug")
    monkeypatch.setenv("DEV_GUILD_ID", "123456789012345678")
    monkeypatch.setenv("DATABASE_PATH", "/data/loveletter.db")
    monkeypatch.setenv("AI_TURN_DELAY_SECONDS", "0.25")
    settings = load_settings(env_file=None)
    assert settings.turn_timer_seconds == 0
    assert settings.log_level == "DEBUG"
    assert settings.log_level_number == 10
    assert settings.dev_guild_id == 123456789012345678
    assert settings.database_path == Path("/data/loveletter.db")
    assert settings.ai_turn_delay_seconds == 0.25


def test_env_file_is_read_and_environment_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN={FAKE_TOKEN}\nTURN_TIMER_SECONDS=60\nLOG_LEVEL=WARNING\n")
    monkeypatch.setenv("LOG_LEVEL", "ERROR")
    settings = load_settings(env_file=env_file)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == FAKE_TOKEN
    assert settings.turn_timer_seconds == 60
    assert settings.log_level == "ERROR"


def test_env_example_lists_every_setting_with_its_default(tmp_path: Path) -> None:
    """Each setting appears once as `NAME=` or `# NAME=`; uncommented, they are the defaults."""
    lines = (REPO_ROOT / ".env.example").read_text().splitlines()
    settings_lines = [
        line.removeprefix("# ") for line in lines if re.fullmatch(r"(# )?[A-Z_]+=.*", line)
    ]
    names = [line.split("=", 1)[0] for line in settings_lines]
    assert sorted(names) == sorted(field.upper() for field in Settings.model_fields)
    uncommented = tmp_path / ".env"
    uncommented.write_text("\n".join(settings_lines) + "\n")
    assert load_settings(env_file=uncommented) == load_settings(env_file=None)


def test_token_is_masked_in_repr_str_and_dumps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", FAKE_TOKEN)
    settings = load_settings(env_file=None)
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == FAKE_TOKEN
    for text in (repr(settings), str(settings), settings.model_dump_json()):
        assert FAKE_TOKEN not in text


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("TURN_TIMER_SECONDS", "abc", "whole number of seconds"),
        ("TURN_TIMER_SECONDS", "-5", "0 or more"),
        ("LOG_LEVEL", "loud", "one of CRITICAL"),
        ("DEV_GUILD_ID", "my-server", "server id"),
        ("AI_TURN_DELAY_SECONDS", "soon", "number of seconds"),
        # every duration has a sane maximum
        ("AI_TURN_DELAY_SECONDS", "inf", "at most 60"),
        ("AI_TURN_DELAY_SECONDS", "nan", "at most 60"),
        ("AI_TURN_DELAY_SECONDS", "1e9", "at most 60"),
        ("TURN_TIMER_SECONDS", "99999999999999999999", "at most 86400"),
        ("ROUND_PAUSE_SECONDS", "86400000", "at most 3600"),
        ("PICTURES", "maybe", "on or off"),
        ("PICTURES", "yes", "on or off"),
        # the memory bounds (issue 44 item 5; tests/bot/service/test_memory_bounds.py)
        ("PICTURE_CACHE_MB", "0", "1 to 4096"),
        ("PICTURE_CACHE_MB", "lots", "whole number of MiB"),
        ("PICTURE_CACHE_MB", "64MB", "whole number of MiB"),
        ("PICTURE_CACHE_MB", "99999999", "1 to 4096"),
        ("GAME_CACHE", "-1", "1 to 1000000"),
        ("GAME_CACHE", "2.5", "whole number of games"),
        ("GAME_CACHE", "all", "whole number of games"),
        # the collector's pace (bot/runtime/gc_pacing.py)
        ("GC_YOUNG_MS", "-1", "0 or 10 to 10000"),
        ("GC_YOUNG_MS", "5", "0 or 10 to 10000"),
        ("GC_YOUNG_MS", "0.1", "whole number of milliseconds"),
        ("GC_YOUNG_MS", "100ms", "whole number of milliseconds"),
        ("GC_YOUNG_MS", "99999", "0 or 10 to 10000"),
    ],
)
def test_bad_value_gives_one_line_naming_the_setting(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, expected: str
) -> None:
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    message = str(caught.value)
    assert "\n" not in message
    assert name in message
    assert expected in message


def test_bad_value_in_env_file_is_reported_like_the_environment(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("TURN_TIMER_SECONDS=five minutes\n")
    with pytest.raises(ConfigError, match="TURN_TIMER_SECONDS"):
        load_settings(env_file=env_file)


@pytest.mark.parametrize("name", ["TURN_TIMER_SECONDS", "PICTURE_CACHE_MB", "GAME_CACHE"])
def test_bad_value_exits_2_with_one_line_and_no_traceback(tmp_path: Path, name: str) -> None:
    env = {**os.environ, name: "abc", "PYTHONPATH": str(REPO_ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert name in lines[0]
    assert "Traceback" not in result.stderr
    assert list(tmp_path.iterdir()) == []  # nothing made
