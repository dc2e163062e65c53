"""The `db` subcommand: `db check` (schema, integrity, counts) and `db backup PATH`.

Both work while the bot is running: the check only reads, the backup uses SQLite's online
backup API. The database defaults to DATABASE_PATH from the settings.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `db check` and `db backup` to the CLI."""
    parser = subparsers.add_parser(
        "db",
        help="check or back up the SQLite database",
        description="Inspect or back up the bot's SQLite database (safe while the bot runs).",
    )
    _database_argument(parser, None)
    parser.set_defaults(func=lambda args: _usage(parser))
    actions = parser.add_subparsers(dest="db_command", metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="schema version, integrity check and game counts",
        description="Print the schema version, PRAGMA integrity_check and games by status. "
        "Exit status 0 if all is well, 1 if not.",
    )
    _database_argument(check, argparse.SUPPRESS)  # `db check --database X` works too
    check.set_defaults(func=handle_check)
    backup = actions.add_parser(
        "backup",
        help="copy the database to PATH with SQLite's online backup",
        description="Write a consistent copy of the database to PATH (which must not exist).",
    )
    backup.add_argument("path", type=Path, help="where to write the backup")
    _database_argument(backup, argparse.SUPPRESS)
    backup.set_defaults(func=handle_backup)


def _database_argument(parser: argparse.ArgumentParser, default: object) -> None:
    """`--database`, before or after the action (SUPPRESS: the action's copy never overwrites
    a value given before it)."""
    parser.add_argument(
        "--database",
        type=Path,
        default=default,
        help="database file (default: DATABASE_PATH from the settings)",
    )


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _database(args: argparse.Namespace) -> Path:
    if args.database is not None:
        return Path(args.database)
    from bot.config import load_settings

    return load_settings().database_path


def handle_check(args: argparse.Namespace) -> int:
    from storage import StorageError, check_database

    try:
        report = check_database(_database(args))
    except StorageError as error:
        print(f"db check: {error}", file=sys.stderr)
        return 1
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


def handle_backup(args: argparse.Namespace) -> int:
    from storage import StorageError, backup_database

    source = _database(args)
    try:
        written = backup_database(source, args.path)
    except StorageError as error:
        print(f"db backup: {error}", file=sys.stderr)
        return 1
    print(f"backed up {source} to {written} ({written.stat().st_size} bytes)")
    return 0
