"""The PostgreSQL backend: the same Storage API on a database several processes share.

``storage = await PostgresStorage.open("postgresql://user:pw@host/db")``; storage.open_storage
picks it when DATABASE_URL is set. The repositories' SQL is the SQLite backend's own, run
through storage/postgres/conn.py; only the move save (save.py), the connection (db.py) and the
migrations (storage/migrations_pg/) are PostgreSQL's.
"""

from storage.postgres.db import PgDatabase, shown
from storage.repository import Storage

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


class PostgresStorage(Storage, PgDatabase):
    """Storage on PostgreSQL: GamesRepo, MovesRepo ... over PgDatabase's pool."""


__all__ = ["POSTGRES_SCHEMES", "PostgresStorage", "is_postgres_url", "shown"]
