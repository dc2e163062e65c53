"""A server's chosen language and each user's last seen locale (migration 009), on SQLite and
PostgreSQL: absent until set, kept across a reopen, a server's cleared by None."""

from __future__ import annotations

from pathlib import Path

from storage import Storage
from tests.storage.conftest import FakeClock

GUILD, OTHER = 7, 8


async def test_server_language_is_none_until_chosen_and_clears(storage: Storage) -> None:
    assert await storage.get_server_language(GUILD) is None
    await storage.set_server_language(GUILD, "de")
    assert await storage.get_server_language(GUILD) == "de"
    assert await storage.get_server_language(OTHER) is None
    await storage.set_server_language(GUILD, "en")
    assert await storage.get_server_language(GUILD) == "en"
    await storage.set_server_language(GUILD, None)
    assert await storage.get_server_language(GUILD) is None
    await storage.set_server_language(OTHER, None)  # clearing an unset one changes nothing
    assert await storage.get_server_language(OTHER) is None


async def test_user_locale_is_the_latest_written(storage: Storage) -> None:
    assert await storage.get_user_locale(5) is None
    await storage.set_user_locale(5, "de")
    await storage.set_user_locale(6, "en")
    await storage.set_user_locale(5, "en")
    assert await storage.get_user_locale(5) == "en"
    assert await storage.get_user_locale(6) == "en"


async def test_languages_survive_a_reopen(db_path: Path, clock: FakeClock) -> None:
    storage = await Storage.open(db_path, clock=clock)
    await storage.set_server_language(GUILD, "de")
    await storage.set_user_locale(5, "de")
    await storage.close()
    storage = await Storage.open(db_path, clock=clock)
    try:
        assert await storage.get_server_language(GUILD) == "de"
        assert await storage.get_user_locale(5) == "de"
    finally:
        await storage.close()
