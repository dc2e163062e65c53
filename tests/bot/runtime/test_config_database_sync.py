"""DATABASE_SYNC: the durability mode handed to Storage.open (storage/db.py explains both)."""

from __future__ import annotations

import pytest

from bot.runtime.config import ConfigError, load_settings
from storage import DEFAULT_SYNC, SYNC_MODES


def test_default_is_the_storage_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_SYNC", raising=False)
    assert load_settings(env_file=None).database_sync == DEFAULT_SYNC == "normal"


@pytest.mark.parametrize("given", ["full", "FULL", " Normal "])
def test_either_mode_in_any_case(monkeypatch: pytest.MonkeyPatch, given: str) -> None:
    monkeypatch.setenv("DATABASE_SYNC", given)
    assert load_settings(env_file=None).database_sync == given.strip().lower()
    assert load_settings(env_file=None).database_sync in SYNC_MODES


def test_unknown_mode_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_SYNC", "off")
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    assert str(caught.value) == (
        "Invalid setting: DATABASE_SYNC must be normal, full or fast (full also survives a power"
        " loss on SQLite; fast, PostgreSQL only, may lose the last second of moves if the"
        " database server crashes) (got 'off')"
    )


def test_fast_on_the_sqlite_file_is_one_clear_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_SYNC", "fast")
    with pytest.raises(ConfigError) as caught:
        load_settings(env_file=None)
    assert str(caught.value) == (
        "Invalid setting: DATABASE_SYNC=fast is for PostgreSQL (DATABASE_URL) only; on the "
        "SQLite file use normal (the default) or full"
    )


@pytest.mark.parametrize(("mode", "expected"), [("normal", "on"), ("full", "on"), ("fast", "off")])
async def test_postgres_commits_wait_for_the_flush_unless_fast_is_asked_for(
    monkeypatch: pytest.MonkeyPatch, pg_url: str, mode: str, expected: str
) -> None:
    from storage import open_storage

    monkeypatch.setenv("DATABASE_SYNC", mode)
    monkeypatch.setenv("DATABASE_URL", pg_url)
    settings = load_settings(env_file=None)
    assert settings.database_url is not None
    storage = await open_storage(
        settings.database_url.get_secret_value(), "unused.db", sync=settings.database_sync
    )
    try:
        row = await storage.fetchone("SHOW synchronous_commit")
        assert row is not None and row[0] == expected
    finally:
        await storage.close()
