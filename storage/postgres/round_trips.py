"""Round trips to the PostgreSQL server, counted at the connection: for benchmarks and tests.

asyncpg sends each request (a statement's Bind/Execute/Sync, a Parse the first time a
statement is seen, a simple query) in ONE write to the connection's socket and then awaits
the answer, so the writes are the round trips. `counting()` counts those of one piece of
work: the requests made in its context, including tasks started from it (asyncpg's pool
resets a released connection in a task of its own, which the work still waits for).
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_CELL: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar("trips", default=None)


class RoundTrips:
    """Attach to each pool connection (`PgDatabase.open(on_connect=trips.attach)`)."""

    def __init__(self) -> None:
        self.total = 0

    async def attach(self, conn: Any) -> None:
        transport = conn._transport  # asyncpg's socket transport: where its requests go
        write = transport.write

        def counted(data: Any) -> None:
            self.total += 1
            cell = _CELL.get()
            if cell is not None:
                cell[0] += 1
            write(data)

        transport.write = counted

    @contextmanager
    def counting(self) -> Iterator[list[int]]:
        """A one-item list: the round trips made inside the block, once it has ended."""
        cell = [0]
        token = _CELL.set(cell)
        try:
            yield cell
        finally:
            _CELL.reset(token)
