"""The Activity's settings (issue 43, part 2): off by default; ACTIVITY=on with a setting
missing or bad is one line naming it, exit status 2, before anything logs in; secrets are
never echoed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.runtime.config import DISCORD_API, ConfigError, load_settings
from tests.bot.child import run_bot

GOOD = {
    "ACTIVITY": "on",
    "DISCORD_CLIENT_ID": "123456789012345678",
    "DISCORD_CLIENT_SECRET": "s3cret-client-value",
    "PUBLIC_URL": "https://table.example.org/",
    "WEB_SESSION_SECRET": "x" * 40,
}
ALL = (*GOOD, "WEB_HOST", "WEB_PORT", "DISCORD_API_BASE")


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ALL:
        monkeypatch.delenv(name, raising=False)


def test_off_by_default_and_nothing_else_needed() -> None:
    settings = load_settings(env_file=None)
    assert settings.activity is False
    assert settings.discord_api_base == DISCORD_API
    assert (settings.web_host, settings.web_port) == ("127.0.0.1", 8080)


def test_on_with_every_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in GOOD.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DISCORD_API_BASE", "http://127.0.0.1:9/api/")
    settings = load_settings(env_file=None)
    assert settings.activity and settings.discord_client_id == 123456789012345678
    assert settings.public_url == "https://table.example.org"
    assert settings.discord_api_base == "http://127.0.0.1:9/api"


@pytest.mark.parametrize("missing", ["DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET", "PUBLIC_URL"])
def test_on_without_a_setting_names_it(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    for name, value in GOOD.items():
        if name != missing:
            monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    message = str(caught.value)
    assert "\n" not in message
    assert f"ACTIVITY=on needs {missing}" in message


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("ACTIVITY", "maybe", "ACTIVITY must be on or off"),
        ("PUBLIC_URL", "http://table.example.org", "PUBLIC_URL must be the https://"),
        ("WEB_PORT", "70000", "WEB_PORT must be a TCP port number"),
        ("DISCORD_CLIENT_ID", "abc", "DISCORD_CLIENT_ID must be the application id"),
        ("DISCORD_API_BASE", "discord.com", "DISCORD_API_BASE must be the http(s)://"),
        ("WEB_SESSION_SECRET", "short-but-secret", "shorter than 32 characters"),
    ],
)
def test_a_bad_value_is_one_line(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, said: str
) -> None:
    for key, good in GOOD.items():
        monkeypatch.setenv(key, good)
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    message = str(caught.value)
    assert "\n" not in message and said in message
    assert "short-but-secret" not in message  # a secret is never echoed


def test_the_bot_stops_with_one_line_and_status_2(tmp_path: Path) -> None:
    env = {
        "ACTIVITY": "on",
        "DISCORD_TOKEN": "MTAx.not-a-real-token",
        "DATABASE_PATH": str(tmp_path / "t.db"),
    }
    result = run_bot(["run"], env=env, text=True, cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert "ACTIVITY=on needs DISCORD_CLIENT_ID" in lines[0]
    assert not (tmp_path / "t.db").exists()  # nothing changed
