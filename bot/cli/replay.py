"""The `replay` subcommand: play a scenario file through the engine (rules/scenario-format.md).

`python -m bot replay FILE` (or `-` for standard input) prints one JSON object and exits 0,
a rejected move included; input that is not valid JSON or not a scenario exits 2 with one
line on standard error.
"""

from __future__ import annotations

import argparse
import json
import sys


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `replay FILE`."""
    parser = subparsers.add_parser(
        "replay",
        help="replay a scenario file and print the resulting game as JSON",
        description=__doc__,
    )
    parser.add_argument("file", metavar="FILE", help="scenario JSON file, or - for stdin")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.loveletter.scenario import ScenarioError, replay

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except OSError as error:
        print(f"replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        print(f"replay: {args.file} is not valid JSON: {error}", file=sys.stderr)
        return 2
    try:
        result = replay(data)
    except ScenarioError as error:
        print(f"replay: {args.file} is not a scenario: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result, ensure_ascii=False))
    return 0
