"""Command-line entry point shared by `python -m bot` and the `loveletter-bot` script.

Subcommands live in their own modules, listed in `SUBCOMMAND_MODULES`. To add one:

1. Write a module (e.g. `bot/replay_cli.py`) with
   ``def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None``
   that calls ``parser = subparsers.add_parser("replay", help=..., description=...)``, adds
   its arguments, and ``parser.set_defaults(func=handler)`` where
   ``handler(args: argparse.Namespace) -> int`` returns the exit status.
2. Append the module's dotted name to `SUBCOMMAND_MODULES`.
3. Describe it in one line under "Commands" in README.md.

Keep heavy imports (discord, storage) inside the handler so `--help` stays fast. The tests
walk this registry, so every subcommand's `--help` is checked without further work. Only
add a subcommand once it works: no placeholders.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from bot.config import ConfigError

SUBCOMMAND_MODULES: tuple[str, ...] = (
    "bot.runner",
    "bot.cli.db",
    "bot.cli.bench",
    "bot.cli.replay",
    "bot.cli.play",
    "bot.cli.simulate",
)
DEFAULT_SUBCOMMAND = "run"


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Love Letter for Discord. Without a subcommand, starts the bot (`run`).",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        importlib.import_module(module_name).register(subparsers)
    return parser


def subcommand_names() -> list[str]:
    """Names of the registered subcommands, in registration order."""
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def main(argv: Sequence[str] | None = None) -> int:
    """Parse `argv` (default: the process arguments), run the subcommand, return its status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        args_list = [DEFAULT_SUBCOMMAND]
    parser = build_parser()
    args = parser.parse_args(args_list)
    if not hasattr(args, "func"):
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = args.func(args)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status
