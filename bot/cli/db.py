"""The `db` subcommand: `db check`, `db backup PATH`, `db migrate-to-postgres URL`, `db rerate`.

Check and backup work while the bot is running: the check only reads; the backup uses SQLite's
online backup API, or `pg_dump` for PostgreSQL. The database is DATABASE_URL (PostgreSQL) if
set, else DATABASE_PATH, unless `--database` / `--database-url` names one.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `db check`, `db backup` and `db migrate-to-postgres` to the CLI."""
    parser = subparsers.add_parser(
        "db",
        help="check, back up or migrate the database",
        description="Inspect, back up or migrate the bot's database (check and backup are "
        "safe while the bot runs).",
    )
    _database_arguments(parser, None)
    parser.set_defaults(func=lambda args: _usage(parser))
    actions = parser.add_subparsers(dest="db_command", metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="schema version, integrity check and game counts",
        description="Print the schema version, the integrity check (SQLite: PRAGMA "
        "integrity_check; PostgreSQL: every game's version equals its logged moves) and games "
        "by status. Exit status 0 if all is well, 2 for a database the bot would refuse "
        "(damaged, another application's, from a newer bot), 1 if the check failed while "
        "reading.",
    )
    _database_arguments(check, argparse.SUPPRESS)  # `db check --database X` works too
    check.set_defaults(func=handle_check)
    backup = actions.add_parser(
        "backup",
        help="copy the database to PATH (SQLite's online backup, or pg_dump)",
        description="Write a consistent copy of the database to PATH (a new file in an existing "
        "folder): an SQLite file, or for PostgreSQL a pg_dump archive (restore with pg_restore).",
    )
    backup.add_argument("path", type=Path, help="where to write the backup")
    _database_arguments(backup, argparse.SUPPRESS)
    backup.set_defaults(func=handle_backup)
    migrate = actions.add_parser(
        "migrate-to-postgres",
        help="copy the SQLite database into an empty PostgreSQL database",
        description="Copy every game, move, result, tally and setting of the SQLite database "
        "(DATABASE_PATH or --database) into the empty PostgreSQL database at URL, in one "
        "transaction. Stop the bot first; then set DATABASE_URL=URL and start it again.",
    )
    migrate.add_argument("url", metavar="URL", help="postgresql://user:password@host/database")
    migrate.add_argument(
        "--database", type=Path, default=argparse.SUPPRESS, help="the SQLite file to copy"
    )
    migrate.set_defaults(func=handle_migrate)
    rerate = actions.add_parser(
        "rerate",
        help="rebuild every skill rating from the stored game results",
        description="Forget the skill ratings and rate every stored result again, oldest "
        "first, in one transaction (gives the ratings of games finished before ratings "
        "existed). Safe while the bot runs; waits up to 60 s for another connection's write "
        "lock. An older database is upgraded first (a copy kept), as `run` does; an empty one "
        "is refused.",
    )
    _database_arguments(rerate, argparse.SUPPRESS)
    rerate.set_defaults(func=handle_rerate)


def _database_arguments(parser: argparse.ArgumentParser, default: object) -> None:
    """`--database` / `--database-url`, before or after the action (SUPPRESS: the action's
    copy never overwrites a value given before it)."""
    parser.add_argument(
        "--database",
        type=Path,
        default=default,
        help="SQLite database file (default: DATABASE_PATH from the settings)",
    )
    parser.add_argument(
        "--database-url",
        default=default,
        help="PostgreSQL URL (default: DATABASE_URL from the settings)",
    )


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _target(args: argparse.Namespace) -> tuple[str | None, Path]:
    """(PostgreSQL URL or None, SQLite path): the options first, then the settings."""
    url = getattr(args, "database_url", None)
    path = getattr(args, "database", None)
    if url is not None or path is not None:
        return url, Path(path) if path is not None else Path()
    from bot.runtime.config import load_settings

    settings = load_settings()
    secret = settings.database_url
    return (secret.get_secret_value() if secret else None), settings.database_path


def _failed(action: str, error: Exception) -> int:
    """Say why in one line; the status of README "Exit statuses": 2 when the command refused
    before doing anything (storage.errors.Refused), 1 when it failed while working."""
    from storage.errors import Refused

    print(f"db {action}: {error}", file=sys.stderr)
    return 2 if isinstance(error, Refused) else 1


def _bad_url(action: str, url: str | None) -> bool:
    """Say so in one line if ``url`` is a PostgreSQL URL asyncpg must not be given (bad
    input: exit status 2, nothing tried)."""
    from storage.postgres.url import url_problem

    problem = url_problem(url) if url else None
    if problem is not None:
        from storage.postgres import shown

        print(
            f"db {action}: the PostgreSQL URL {shown(url or '')} is wrong: {problem}",
            file=sys.stderr,
        )
    return problem is not None


def _bad_path(action: str, url: str | None, path: Path) -> bool:
    """Say so in one line if no file can have the SQLite ``path``'s name (too long, a link
    loop, a FIFO, a device: bad input, exit status 2, nothing opened)."""
    from storage.paths import UnusablePath, refuse_unusable_path

    try:
        if not url:
            refuse_unusable_path(path)
    except UnusablePath as error:
        print(f"db {action}: {error}", file=sys.stderr)
        return True
    return False


def handle_check(args: argparse.Namespace) -> int:
    from storage import StorageError, check_database

    url, path = _target(args)
    if _bad_url("check", url) or _bad_path("check", url, path):
        return 2
    try:
        if url:
            from storage.postgres.maintenance import check_postgres

            report = check_postgres(url)
        else:
            report = check_database(path)
    except StorageError as error:
        return _failed("check", error)
    print("\n".join(report.lines()))
    return 0 if report.ok else 2  # a database the bot would refuse, as `run` does


def handle_backup(args: argparse.Namespace) -> int:
    from storage import StorageError, backup_database

    url, path = _target(args)
    if _bad_url("backup", url):
        return 2
    try:
        if url:
            from storage.postgres import shown
            from storage.postgres.maintenance import backup_postgres

            written = backup_postgres(url, args.path)
            source = shown(url)
            how = " with pg_dump (restore: pg_restore --dbname URL FILE)"
        else:
            written, source, how = backup_database(path, args.path), str(path), ""
    except StorageError as error:
        return _failed("backup", error)
    print(f"backed up {source} to {written} ({written.stat().st_size} bytes){how}")
    return 0


def handle_migrate(args: argparse.Namespace) -> int:
    import asyncio

    from storage import StorageError
    from storage.postgres import is_postgres_url, shown
    from storage.postgres.copy import copy_sqlite_to_postgres

    if not is_postgres_url(args.url):
        print("db migrate-to-postgres: URL must start with postgresql://", file=sys.stderr)
        return 2
    if _bad_url("migrate-to-postgres", args.url):
        return 2
    if getattr(args, "database", None) is not None:  # (`db --database X` leaves None here)
        path = Path(args.database)
    else:
        from bot.runtime.config import load_settings

        path = load_settings().database_path
    # A connection lost mid-copy is told in one line (_failed): asyncio's own warnings about
    # the rows still being written to the dead socket would come before it, dozens of them.
    logging.getLogger("asyncio").setLevel(logging.ERROR)
    try:
        counts = asyncio.run(copy_sqlite_to_postgres(path, args.url))
    except StorageError as error:
        return _failed("migrate-to-postgres", error)
    rows = ", ".join(f"{table} {n}" for table, n in counts.items())
    print(f"copied {path} to {shown(args.url)}: {rows}")
    print(f"now set DATABASE_URL={shown(args.url)} (with its password) and start the bot")
    return 0


def handle_rerate(args: argparse.Namespace) -> int:
    """`db rerate`: an existing database only (a missing SQLite file is bad input, not made)."""
    import asyncio

    from storage import StorageError
    from storage.rerate import rerate_database

    url, path = _target(args)
    if _bad_url("rerate", url) or _bad_path("rerate", url, path):
        return 2
    if not url and not path.is_file():
        print(f"db rerate: there is no database file at {path}", file=sys.stderr)
        return 2
    try:
        games = asyncio.run(rerate_database(url, path, say=print, warn=_warning("rerate")))
    except StorageError as error:
        return _failed("rerate", error)
    print(f"rerated {games} finished games")
    return 0


def _warning(action: str) -> Callable[[str], None]:
    """A line on standard error while the command goes on (e.g. that it waits for a lock)."""
    return lambda line: print(f"db {action}: {line}", file=sys.stderr, flush=True)
