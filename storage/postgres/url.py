"""The check of a PostgreSQL URL before asyncpg is handed it.

asyncpg takes a port modulo 65536 (``:99999`` dials port 34463, someone else's) and fails on
other bad ports with a long traceback, and Python's URL parser raises on a bracket left open
(``@[::1/db``), so a typo in DATABASE_URL, ``--database-url`` or ``db migrate-to-postgres``
becomes one line naming what is wrong instead.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from storage.errors import DatabaseUnreadable

MAX_PORT = 65535


class BadPostgresUrl(DatabaseUnreadable):
    """The URL itself is wrong (bad input: nothing was tried, nothing changed)."""


def url_problem(url: str) -> str | None:
    """Why ``url`` is not a usable PostgreSQL URL, in words (None: it is). Checks every port:
    in the host part (``host:port``, several hosts separated by commas) and in ``?port=``."""
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        return _bracket_problem(url, exc)
    ports = [_port_of(host) for host in parts.netloc.rpartition("@")[2].split(",")]
    for value in parse_qs(parts.query).get("port", []):
        ports.extend(value.split(","))
    for port in ports:
        if port and not (port.isascii() and port.isdigit() and 1 <= int(port) <= MAX_PORT):
            return f"its port is {port[:20]!r}; a port is a number from 1 to {MAX_PORT}"
    return None


def _bracket_problem(url: str, exc: ValueError) -> str:
    """What urlsplit refused, in words, quoting the host (after the last ``@``: never the
    password)."""
    host = url.partition("://")[2].rpartition("@")[2].partition("/")[0].partition("?")[0]
    example = "an IPv6 address is written in brackets: postgresql://user:password@[::1]:5432/db"
    opened, closed = host.count("["), host.count("]")
    if opened > closed:
        return f"its host {host[:40]!r} has a '[' without its ']'; {example}"
    if closed > opened:
        return f"its host {host[:40]!r} has a ']' without its '['; {example}"
    return f"its host in brackets is not an IPv6 address ({exc}); {example}"


def _port_of(host: str) -> str:
    """'db:5432' -> '5432', '[::1]:5432' -> '5432', 'db' or '[::1]' -> ''."""
    return host.rpartition("]")[2].partition(":")[2]
