"""The `replay` subcommand: play a scenario file through its game's engine. The file formats
are in this repository: docs/scenario-format.md (Love Letter) and
docs/adventure-scenario-format.md (The Hobbit Adventure Boardgame).

The scenario's `game` field names the game (through the registry, `engine.api.game`); without
it, it is Love Letter's. `python -m bot replay FILE` (or `-` for standard input) prints one
JSON object and exits 0, a rejected move included; input that is not UTF-8 JSON or not a
scenario, or larger than 64 MiB, exits 2 with one line on standard error, which quotes at most
~80 characters of the input. FILE must be a regular file: a FIFO, a device or a folder is
refused without being read (a pipe goes in through `-`), as is a closed standard input.
"""

from __future__ import annotations

import argparse
import json
import sys

from bot.cli.replay_input import MAX_BYTES, lone_surrogate, read_bounded
from engine.api import clip


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `replay FILE`."""
    parser = subparsers.add_parser(
        "replay",
        help="replay a scenario file and print the resulting game as JSON",
        description=__doc__,
    )
    parser.add_argument("file", metavar="FILE", help="scenario JSON file, or - for stdin")
    parser.set_defaults(func=run)


def _fail(message: str) -> int:
    print(clip(f"replay: {message}"), file=sys.stderr)
    return 2


def _game_of(data: object) -> str:
    """The game a parsed scenario is for: its `game` field, Love Letter without one."""
    name = data.get("game", "loveletter") if isinstance(data, dict) else "loveletter"
    if not isinstance(name, str):
        raise ValueError(f"'game' must name a game, not {json.dumps(name)[:40]}")
    return name


def run(args: argparse.Namespace) -> int:
    from bot.runtime.regular_file import NotRegular, open_regular
    from engine.api import game

    try:
        if args.file == "-":
            if sys.stdin is None:  # `replay - <&-`: no descriptor 0 at all
                return _fail("standard input is closed; pipe the scenario in or give a FILE")
            raw = read_bounded(sys.stdin.buffer)
        else:
            with open_regular(args.file) as f:
                raw = read_bounded(f)
    except NotRegular as error:
        return _fail(
            f"{args.file} is {error}, not a file; give a scenario file, or - to read standard input"
        )
    except OSError as error:
        return _fail(f"cannot read {args.file}: {error.strerror}")
    if raw is None:
        where = "standard input" if args.file == "-" else args.file
        return _fail(f"{where} holds more than {MAX_BYTES // 2**20} MiB; read no further")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        byte = raw[error.start]
        return _fail(f"{args.file} is not UTF-8 text (byte 0x{byte:02x} at position {error.start})")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        return _fail(f"{args.file} is not valid JSON: {error}")
    except RecursionError:
        return _fail(f"{args.file} is not usable JSON: it is nested too deeply")
    except ValueError as error:  # e.g. an integer of more than 4300 digits
        return _fail(f"{args.file} is not usable JSON: {str(error).split(';')[0]}")
    not_text = lone_surrogate(text, data)
    if not_text is not None:
        return _fail(f"{args.file} is not a scenario: {not_text}")
    try:
        result = game(_game_of(data)).replay(data)
    except ValueError as error:  # each game's ScenarioError, or a game nobody knows
        return _fail(f"{args.file} is not a scenario: {error}")
    except RecursionError:
        return _fail(f"{args.file} is not a scenario: a value is nested too deeply")
    print(json.dumps(result, ensure_ascii=False))
    return 0
