"""An asyncpg connection behind the few aiosqlite calls the repositories make, so their SQL is
written once: ``?`` placeholders become ``$1, $2 ...`` and a statement's status line gives the
row count."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

# A connection of its own or one lent by the pool: the repositories use either the same way.
Connection: TypeAlias = "asyncpg.Connection[Any] | PoolConnectionProxy[Any]"


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` -> ``$n``. The repositories' SQL never has a ``?`` inside a string literal."""
    parts = sql.split("?")
    out = [parts[0]]
    for n, part in enumerate(parts[1:], 1):
        out.append(f"${n}{part}")
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Cursor:
    rowcount: int


def _rowcount(status: str) -> int:
    """'UPDATE 3' / 'INSERT 0 1' / 'DELETE 0' -> the last number (-1 if there is none)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else -1


class PgConn:
    """What storage's shared repositories use of a connection: execute, execute_fetchall,
    executemany. Rows are asyncpg Records (indexable and iterable like sqlite3.Row)."""

    def __init__(self, conn: Connection) -> None:
        self.raw = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        return Cursor(_rowcount(await self.raw.execute(numbered(sql), *params)))

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return list(await self.raw.fetch(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.raw.executemany(numbered(sql), list(rows))
