"""The `bench` subcommand: `python -m bot bench TARGET` runs one benchmark and prints figures.

Benchmarks are commands, not timed tests. To add a target, write a module with
``add_arguments(parser: argparse.ArgumentParser) -> None`` and
``run(args: argparse.Namespace) -> int`` (keep heavy imports inside `run`), and add it to
`BENCH_TARGETS` (name -> dotted module name).
"""

from __future__ import annotations

import argparse
import importlib
import sys

BENCH_TARGETS: dict[str, str] = {
    "engine": "bot.bench.engine",
    "storage": "bot.bench.storage",
    "service": "bot.bench.service",
    "ai": "bot.bench.ai",
    "render": "bot.bench.render",
    "web": "bot.bench.web",
}


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `bench` with one sub-subcommand per registered target."""
    parser = subparsers.add_parser(
        "bench",
        help="run a benchmark and print its figures",
        description="Run one benchmark: " + ", ".join(BENCH_TARGETS) + ".",
    )
    parser.set_defaults(func=lambda args: _usage(parser))
    targets = parser.add_subparsers(dest="bench_target", metavar="TARGET")
    for name, module_name in BENCH_TARGETS.items():
        module = importlib.import_module(module_name)
        doc = (module.__doc__ or name).strip().splitlines()[0]
        target = targets.add_parser(name, help=doc, description=module.__doc__)
        module.add_arguments(target)
        target.set_defaults(func=module.run)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2
