"""`bench render [--game loveletter|adventure]`: time and size of each game's pictures.

Love Letter: its table (2, 4, 8 players, mid-round and at a round end) and hand pictures.
The Adventure game: its board picture over positions of seeded games. Each prints median and
p99 time and the largest PNG; the game's own bench module does the work.
"""

from __future__ import annotations

import argparse
import importlib

from bot.cli import count

MODULES = {
    "loveletter": "bot.bench.pictures_loveletter",
    "adventure": "bot.bench.pictures_adventure",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game", choices=tuple(MODULES), default="loveletter", help="whose pictures (loveletter)"
    )
    parser.add_argument(
        "--positions", type=count(1), default=None, help="positions per kind (the game's default)"
    )
    parser.add_argument("--seed", type=count(), default=1)


def run(args: argparse.Namespace) -> int:
    module = importlib.import_module(MODULES[args.game])
    own = argparse.ArgumentParser()
    module.add_arguments(own)
    defaults = own.parse_args([])
    if args.positions is not None:
        defaults.positions = args.positions
    defaults.seed = args.seed
    status: int = module.run(defaults)
    return status
