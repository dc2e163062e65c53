"""DATABASE_SYNC: the durability mode handed to Storage.open (storage/db.py explains both)."""

from __future__ import annotations

import pytest

from bot.config import ConfigError, load_settings
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
        "Invalid setting: DATABASE_SYNC must be normal or full (full also survives a power loss,"
        " at an fsync per save) (got 'off')"
    )
