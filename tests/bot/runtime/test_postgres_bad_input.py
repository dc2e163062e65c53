"""A PostgreSQL URL that cannot be right (port 99999, a bracket left open around an IPv6 host)
and a PostgreSQL database of another application: one clear line (or an honest report), exit
status 2 for bad input, nothing changed and nothing contacted. asyncpg would take 99999 modulo
65536 and dial someone else's port."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot import cli

REPO_ROOT = Path(__file__).resolve().parents[3]
BAD = "postgresql://bot:hunter2@localhost:99999/bot"
WHY = "its port is '99999'; a port is a number from 1 to 65535"
SAID = f"the PostgreSQL URL postgresql://bot:***@localhost:99999/bot is wrong: {WHY}"


def _bot(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """A real `python -m bot` process in `cwd` (where it reads .env)."""
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["db", "check", "--database-url", BAD],
            f"db check: {SAID}",
        ),
        (
            ["db", "backup", "out.dump", "--database-url", BAD],
            f"db backup: {SAID}",
        ),
        (
            ["db", "migrate-to-postgres", BAD, "--database", "bot.db"],
            f"db migrate-to-postgres: {SAID}",
        ),
    ],
    ids=["check", "backup", "migrate-to-postgres"],
)
def test_a_port_out_of_range_on_the_command_line_is_one_line(
    tmp_path: Path, args: list[str], line: str
) -> None:
    (tmp_path / "bot.db").write_bytes(b"")  # what migrate-to-postgres would copy
    before = _files(tmp_path)
    done = _bot(args, tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", line + "\n")
    assert _files(tmp_path) == before


@pytest.mark.parametrize("args", [["run"], ["db", "check"]], ids=["run", "db check"])
def test_a_port_out_of_range_in_dotenv_is_one_line(tmp_path: Path, args: list[str]) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN=abc\nDATABASE_URL={BAD}\n", encoding="utf-8")
    before = _files(tmp_path)
    done = _bot(args, tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Invalid setting: DATABASE_URL must be a postgresql://user:password@host:port/database"
        f" URL, or empty for SQLite ({WHY})\n"
    )
    assert _files(tmp_path) == before


async def _foreign_tables(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE bookmarks (url TEXT); CREATE TABLE games (name TEXT)")
    finally:
        await conn.close()


def test_check_of_another_applications_postgres_database_says_what_it_is(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(_foreign_tables(pg_url))
    assert cli.main(["db", "check", "--database-url", pg_url]) == 2  # as `run` refuses it
    out = capsys.readouterr().out
    assert (
        "contents: a PostgreSQL database of another application (tables: bookmarks, games)" in out
    )
    assert "SQLite" not in out
    assert "status: PROBLEM" in out


async def test_storage_refuses_the_url_before_dialling_anything() -> None:
    from storage import DatabaseUnreadable
    from storage.postgres import PostgresStorage

    with pytest.raises(DatabaseUnreadable) as caught:
        await PostgresStorage.open(BAD)
    assert str(caught.value) == SAID


IPV6 = "postgresql://bot:hunter2@[::1/bot"
IPV6_WHY = (
    "its host '[::1' has a '[' without its ']'; an IPv6 address is written in brackets: "
    "postgresql://user:password@[::1]:5432/db"
)
IPV6_SAID = f"the PostgreSQL URL postgresql://bot:***@[::1/bot is wrong: {IPV6_WHY}"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["db", "check", "--database-url", IPV6], f"db check: {IPV6_SAID}"),
        (["db", "backup", "out.dump", "--database-url", IPV6], f"db backup: {IPV6_SAID}"),
        (["db", "rerate", "--database-url", IPV6], f"db rerate: {IPV6_SAID}"),
        (
            ["db", "migrate-to-postgres", IPV6, "--database", "bot.db"],
            f"db migrate-to-postgres: {IPV6_SAID}",
        ),
        (
            ["bench", "service", "--database-url", IPV6, "--seconds", "1"],
            f"bench service: --database-url is wrong: {IPV6_WHY}",
        ),
    ],
    ids=["check", "backup", "rerate", "migrate-to-postgres", "bench service"],
)
def test_a_broken_ipv6_host_on_the_command_line_is_one_line(
    tmp_path: Path, args: list[str], line: str
) -> None:
    """Python's URL parser raises on the bracket left open: it was a traceback."""
    (tmp_path / "bot.db").write_bytes(b"")
    before = _files(tmp_path)
    done = _bot(args, tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", line + "\n")
    assert _files(tmp_path) == before


@pytest.mark.parametrize("args", [["run"], ["health"], ["db", "check"]])
def test_a_broken_ipv6_host_in_dotenv_is_one_line_saying_what_is_wrong(
    tmp_path: Path, args: list[str]
) -> None:
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN=abc\nDATABASE_URL={IPV6}\n", encoding="utf-8")
    before = _files(tmp_path)
    done = _bot(args, tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "Invalid setting: DATABASE_URL must be a postgresql://user:password@host:port/database"
        f" URL, or empty for SQLite ({IPV6_WHY})\n"
    )
    assert _files(tmp_path) == before
