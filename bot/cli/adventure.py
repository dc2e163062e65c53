"""The Hobbit Adventure Boardgame in the terminal: you against AI hobbits.

`python -m bot play --game adventure [--players N] [--ai LEVEL] [--seed S]` (bot/cli/play.py
hands its options to `start`), or `play_main(["--players", "3", "--ai", "standard"])`: every
choice is a numbered legal decision; anything but an ASCII number in range re-prompts; end of
input ends the game cleanly (exit 0); a bad option gives one line on standard error and exit 2.
Scenario replay goes through `python -m bot replay` like every game's (bot/cli/replay.py).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence

from bot.cli import count
from bot.cli.choice import typed_number
from bot.cli.lines import LineTooLong, terminal_input

HUMAN = "you"


class ArgError(Exception):
    """A command-line argument is wrong: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise ArgError(message)


def _options(argv: Sequence[str]) -> argparse.Namespace:
    parser = _Parser(prog="play --game adventure", add_help=False)
    parser.add_argument("--players", type=count(0), default=2)
    parser.add_argument("--ai", default="standard")
    parser.add_argument("--seed", type=count(0), default=None)
    return parser.parse_args(list(argv))


def _check(args: argparse.Namespace) -> None:
    from engine.adventure.ai import LEVELS

    if not 2 <= args.players <= 4:
        raise ArgError("--players must be from 2 to 4 (you and 1 to 3 AI hobbits)")
    if args.ai not in LEVELS:
        raise ArgError(f"--ai must be one of {', '.join(LEVELS)}")


def play_main(argv: Sequence[str]) -> int:
    try:
        args = _options(argv)
    except ArgError as error:
        print(f"play: {error}", file=sys.stderr)
        return 2
    return start(args)


def start(args: argparse.Namespace) -> int:
    """One game with the options `args.players`, `args.ai` and `args.seed` (None: any)."""
    try:
        _check(args)
    except ArgError as error:
        print(f"play: {error}"[:200], file=sys.stderr)
        return 2
    try:
        return play(args, terminal_input(), print)
    except LineTooLong as error:
        print()  # ends the prompt's line
        print(error, file=sys.stderr)
        return 2
    except EOFError:
        print("\nInput closed; game abandoned.")
        return 0
    except KeyboardInterrupt:
        print("\nGame abandoned (Ctrl-C).", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into e.g. `head`, which has stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _pick(count: int, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    while True:
        number = typed_number(ask("Your choice: ").strip(), count)
        if number is not None:
            return number - 1
        say(f"Type a number from 1 to {count}.")


def play(args: argparse.Namespace, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """One game; `ask` / `say` are the terminal (EOFError from `ask` ends it)."""
    from dataclasses import replace

    from bot.games.adventure.lines import event_line
    from bot.games.adventure.names import hobbit_name
    from bot.games.adventure.text import decision_label, status_lines
    from engine.adventure.ai import choose
    from engine.adventure.rules import apply, legal_moves, new_game
    from engine.adventure.view import view

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    seats = [HUMAN] + [f"ai{i}" for i in range(1, args.players)]
    names = {HUMAN: HUMAN} | {f"ai{i}": hobbit_name(i) for i in range(1, args.players)}
    state = new_game(seats, random.Random(seed))
    rngs = {p: random.Random(f"{seed}/{p}") for p in seats}
    say(f"{args.players} hobbits, AI level {args.ai}, seed {seed}. Beat the Dragon at Carn Dûm!")
    events = list(state.log)
    state.log = []
    while True:
        for e in events:
            if e.audience is None or HUMAN in e.audience:
                line = event_line(e.to_dict(), names, HUMAN)
                if line:
                    say(line)
        if state.over or state.pending is None:
            return 0
        pid = state.pending.player
        legal = legal_moves(state, pid)
        if pid != HUMAN:
            decision = choose(args.ai, view(state, pid), legal, rngs[pid])
        else:
            mine = view(state, HUMAN)
            if state.pending.kind in ("roll", "travel"):
                for line in status_lines(mine, names):
                    say(line)
            say("What do you do?")
            for i, d in enumerate(legal, 1):
                named = replace(d, target=names.get(d.target, d.target)) if d.target else d
                say(f"  {i}. {decision_label(named, mine)}")
            decision = legal[_pick(len(legal), ask, say)]
        state, events = apply(state, pid, decision)
