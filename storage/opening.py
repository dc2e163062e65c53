"""Which backend: ``DATABASE_URL`` (PostgreSQL) when given, else the SQLite file."""

from __future__ import annotations

import time
from pathlib import Path

from storage.db import DEFAULT_SYNC, Clock, SyncMode
from storage.errors import DatabaseUnreadable
from storage.repository import Storage


async def open_storage(
    url: str | None,
    path: str | Path,
    *,
    sync: SyncMode = DEFAULT_SYNC,
    clock: Clock = time.time,
) -> Storage:
    """PostgreSQL at ``url`` (postgresql://...) if set, else SQLite at ``path``."""
    if not url:
        return await Storage.open(path, sync=sync, clock=clock)
    from storage.postgres import PostgresStorage, is_postgres_url, shown

    if not is_postgres_url(url):
        raise DatabaseUnreadable(f"{shown(url)} is not a postgresql:// URL")
    return await PostgresStorage.open(url, sync=sync, clock=clock)
