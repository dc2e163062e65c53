"""Command-line entry point shared by `python -m bot` and the `tabletop-bot` script
(and `loveletter-bot`, its name before the bot hosted other games).

Subcommands live in their own modules, listed in `SUBCOMMANDS` by name. To add one:

1. Write a module (e.g. `bot/replay_cli.py`) with
   ``def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None``
   that calls ``parser = subparsers.add_parser("replay", help=..., description=...)``, adds
   its arguments, and ``parser.set_defaults(func=handler)`` where
   ``handler(args: argparse.Namespace) -> int`` returns the exit status.
2. Add its name and the module's dotted name to `SUBCOMMANDS`.
3. Describe it in one line under "Commands" in README.md.

A command names its subcommand first, so `main` imports and registers that one module only
(`health` does not import what `play` lists its games with); the top-level `--help`, no
subcommand or an unknown one build the whole parser. Keep heavy imports (discord, storage)
inside the handler so `--help` stays fast. The tests walk this registry, so every
subcommand's `--help` is checked without further work. Only add a subcommand once it works:
no placeholders.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from bot.runtime.config_error import ConfigError

SUBCOMMANDS: dict[str, str] = {
    "run": "bot.runtime.runner",
    "db": "bot.cli.db",
    "bench": "bot.cli.bench",
    "replay": "bot.cli.replay",
    "play": "bot.cli.play",
    "simulate": "bot.cli.simulate",
    "keeps": "bot.cli.loveletter_keeps",
    "health": "bot.cli.health",
    "web": "bot.cli.web",
    "i18n": "bot.i18n.tool",
}
"""Each subcommand's name and the module that registers it (`--help` lists them so)."""
DEFAULT_SUBCOMMAND = "run"
MAX_DIGITS = 18
"""Digits a number argument may have: a seed or a count never needs more."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (status 2), not usage + error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def count(minimum: int | None = None, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number in ASCII digits (`int` also takes "٣") of at most
    MAX_DIGITS significant digits, from `minimum` to `maximum` if given; an error quotes what
    was typed (cut short) and names the limit it broke."""

    def parse(text: str) -> int:
        digits = text[1:] if text[:1] in "+-" else text
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number")
        shown = text if len(text) <= 24 else text[:20] + "…"
        too_large = f"must be {maximum or 0:,} or less, not {shown}"
        significant = len(digits.lstrip("0"))
        if significant > MAX_DIGITS:
            if maximum is not None and text[:1] != "-":
                raise argparse.ArgumentTypeError(too_large)
            raise argparse.ArgumentTypeError(
                f"{shown} has {significant:,} digits; at most {MAX_DIGITS} are taken"
            )
        value = int(text)
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(f"must be {minimum} or more, not {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(too_large)
        return value

    parse.__name__ = "count"
    return parse


def seconds(maximum: float, *, zero: bool = True) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds (`1.5`, `1e3`), 0 or more (more than 0
    unless `zero`), at most `maximum`; `inf`, `nan` and the like are refused, since a bench
    told to run `inf` seconds never ends."""

    def parse(text: str) -> float:
        shown = text if len(text) <= 24 else text[:20] + "…"
        try:
            value = float(text) if len(text) <= 100 else math.nan
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"{shown!r} is not a finite number of seconds")
        if value < 0 or (value == 0 and not zero):
            least = "0 or more" if zero else "more than 0"
            raise argparse.ArgumentTypeError(f"must be {least}, not {shown}")
        if value > maximum:
            raise argparse.ArgumentTypeError(f"must be {maximum:,g} or less, not {shown}")
        return value

    parse.__name__ = "seconds"
    return parse


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The top-level parser with every registered subcommand, or with subcommand `only` alone
    when that names one (what a command that names it needs)."""
    parser = OneLineParser(
        prog="python -m bot",
        description=(
            "Tabletop games for Discord: Love Letter (three editions) and The Hobbit Adventure"
            " Boardgame. Without a subcommand, starts the bot (`run`); `play` plays either game"
            " in the terminal, no Discord token needed."
        ),
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = [SUBCOMMANDS[only]] if only in SUBCOMMANDS else SUBCOMMANDS.values()
    for module_name in modules:
        importlib.import_module(module_name).register(subparsers)
    return parser


def subcommand_names(parser: argparse.ArgumentParser | None = None) -> list[str]:
    """Names of the subcommands `parser` (default: the whole one) has, in registration order."""
    for action in (parser or build_parser())._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    return []


def main(argv: Sequence[str] | None = None) -> int:
    """Parse `argv` (default: the process arguments), run the subcommand, return its status."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list:
        args_list = [DEFAULT_SUBCOMMAND]
    parser = build_parser(args_list[0])
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
    except BrokenPipeError:  # output piped into e.g. `head`, which stopped reading: not an error
        _quiet_stdout()
        return 0
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
    return status


def _quiet_stdout() -> None:
    """Point standard output at /dev/null so the interpreter's exit flush cannot fail again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
