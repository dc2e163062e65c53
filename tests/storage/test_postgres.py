"""The PostgreSQL backend's own machinery: its migrations give SQLite's schema, it refuses
databases it must not touch, processes starting together migrate once, and a bad URL is one
readable error."""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from storage import DatabaseUnreadable, ForeignDatabase, SchemaTooNew, Storage
from storage.db import schema_version_supported
from storage.postgres import PostgresStorage
from storage.postgres.db import SCHEMA_TABLE, pg_migrations


def sqlite_columns(path: Path) -> dict[str, list[str]]:
    conn = sqlite3.connect(path)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: sorted(r[1] for r in conn.execute(f"PRAGMA table_info({t})")) for t in tables}
    finally:
        conn.close()


async def pg_columns(url: str) -> dict[str, list[str]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name <> $1",
            SCHEMA_TABLE,
        )
    finally:
        await conn.close()
    out: dict[str, list[str]] = {}
    for table, column in rows:
        out.setdefault(table, []).append(column)
    return {t: sorted(c) for t, c in out.items()}


async def test_both_dialects_migrate_to_the_same_schema(pg_url: str, tmp_path: Path) -> None:
    assert len(pg_migrations()) == schema_version_supported()
    sqlite = await Storage.open(tmp_path / "s.db")
    await sqlite.close()
    pg = await PostgresStorage.open(pg_url)
    await pg.close()
    assert await pg_columns(pg_url) == sqlite_columns(tmp_path / "s.db")


def _parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


async def test_the_public_api_is_the_same_on_both() -> None:
    """Same names and parameters (open takes a URL where SQLite takes a path)."""
    names = [n for n, _ in inspect.getmembers(Storage, inspect.iscoroutinefunction)]
    assert "save_move" in names and "claim_due_deadlines" in names
    for name in names:
        if not name.startswith("_") and name != "open":
            pg, sqlite = getattr(PostgresStorage, name), getattr(Storage, name)
            assert _parameters(pg) == _parameters(sqlite), name


async def test_processes_starting_together_migrate_once(pg_url: str) -> None:
    opened = await asyncio.gather(*(PostgresStorage.open(pg_url) for _ in range(4)))
    for storage in opened:
        await storage.close()
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval(f"SELECT version FROM {SCHEMA_TABLE}") == len(pg_migrations())
        assert await conn.fetchval(f"SELECT count(*) FROM {SCHEMA_TABLE}") == 1
    finally:
        await conn.close()


async def test_another_applications_database_is_refused_untouched(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("CREATE TABLE invoices (id int)")
        with pytest.raises(ForeignDatabase, match="invoices"):
            await PostgresStorage.open(pg_url)
        tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        assert [r[0] for r in tables] == ["invoices"]
    finally:
        await conn.close()


async def test_a_newer_schema_is_refused(pg_url: str) -> None:
    storage = await PostgresStorage.open(pg_url)
    await storage.close()
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute(f"UPDATE {SCHEMA_TABLE} SET version = 99")
    finally:
        await conn.close()
    with pytest.raises(SchemaTooNew, match="99"):
        await PostgresStorage.open(pg_url)


async def test_an_unreachable_server_is_one_line_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://bot:secret@/nowhere?host={tmp_path}"
    with pytest.raises(DatabaseUnreadable) as caught:
        await PostgresStorage.open(url)
    message = str(caught.value)
    assert "\n" not in message and "secret" not in message and "bot:***@" in message
