"""`python -m bot play`: a whole game in the terminal, you against AI opponents.

`--game loveletter` (the default): you see only what rule C-10 lets your seat see: your hand,
the discard piles, the public events and your private log. `--game adventure`: The Hobbit
Adventure Boardgame against AI hobbits (bot/cli/adventure.py). Every choice is a numbered
legal move; anything else re-prompts. Ctrl-C (status 130) or end of input (status 0) leaves
cleanly.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable

from bot.cli import count

AI_NAMES = ("Ada", "Bo", "Cyd", "Dee", "Eli", "Fay", "Gus")
GAMES = ("loveletter", "adventure")
HUMAN = "you"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against AI opponents",
        description=__doc__,
    )
    parser.add_argument(
        "--game", choices=GAMES, default="loveletter", help="loveletter (default) or adventure"
    )
    parser.add_argument("--edition", default="pegasus", help="hobbit, l5r or pegasus")
    parser.add_argument("--players", type=count(), default=2, help="seats, you included (2)")
    parser.add_argument("--ai", default="standard", help="novice, standard or expert")
    parser.add_argument("--seed", type=count(), default=None, help="seed for a repeatable game")
    parser.add_argument("--name", default="You", help="your name at the table")
    parser.set_defaults(func=run)


class Quit(Exception):
    """The human closed the input (end of file)."""


def run(args: argparse.Namespace) -> int:
    if args.game == "adventure":
        from bot.cli import adventure

        return adventure.start(args)
    try:
        return play(args, input, print)
    except KeyboardInterrupt:
        print("\nGame abandoned (Ctrl-C).", file=sys.stderr)
        return 130
    except Quit:
        print("\nInput closed; game abandoned.")
        return 0
    except BrokenPipeError:  # output piped into e.g. `head`, which has stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def play(args: argparse.Namespace, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """Run one game; `ask`/`say` are the terminal (swappable for tests)."""
    import engine.loveletter as engine
    from bot.games.loveletter.render.terminal import describe_move, event_lines, table_lines
    from engine.loveletter.ai import LEVELS, choose

    if args.ai not in LEVELS:
        say(f"Unknown AI level {args.ai[:40]!r}; choose one of {', '.join(LEVELS)}.")
        return 2
    try:
        ed = engine.edition(args.edition[:40])
    except ValueError as error:
        say(f"Cannot start the game: {error}.")
        return 2
    if not ed.min_players <= args.players <= ed.max_players:  # before building any seat
        say(
            f"Cannot start the game: --players {args.players} is not possible; {ed.title} "
            f"takes {ed.min_players} to {ed.max_players} players, you included."
        )
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    ids = [HUMAN] + [f"ai{i}" for i in range(1, args.players)]
    names = {HUMAN: args.name} | {
        f"ai{i}": f"{AI_NAMES[(i - 1) % len(AI_NAMES)]} ({args.ai})" for i in range(1, args.players)
    }
    try:
        state = engine.new_game(args.edition, ids, random.Random(seed), names=names)
    except ValueError as error:
        say(f"Cannot start the game: {error}")
        return 2
    rngs = {p: random.Random(f"{seed}/{p}") for p in ids}
    say(f"Love Letter — {ed.title}. {len(ids)} players, AI level {args.ai}, seed {seed}.")
    say(f"First to {ed.target(len(ids))} {ed.tallies} wins.")
    for line in event_lines(state.log, ed.id, names, HUMAN):
        say(line)
    while not state.game_over:
        actor = state.actor
        assert actor is not None
        legal = engine.legal_moves(state)
        view = engine.player_view(state, actor)
        if actor == HUMAN:
            say("")
            for line in table_lines(view, names):
                say(line)
            options = [describe_move(m, ed.id, names, HUMAN) for m in legal]
            move = legal[_pick(options, ask, say)]
        else:
            move = choose(args.ai, view, legal, rngs[actor])
        state, events = engine.apply(state, move)
        for line in event_lines(events, ed.id, names, HUMAN):
            say(line)
    say("You win the game!" if state.winner == HUMAN else "Game over.")
    return 0


def _pick(options: list[str], ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """The index of the option the human picks by number; re-prompts until it is valid."""
    say("Your options:")
    for i, text in enumerate(options, 1):
        say(f"  {i}. {text}")
    prompt = f"Choose 1-{len(options)}: " if len(options) > 1 else "Only one choice; press Enter: "
    while True:
        try:
            raw = ask(prompt).strip()
        except EOFError:
            raise Quit from None
        except UnicodeDecodeError:  # bytes that are not text in the terminal's encoding
            raw = "?"
        if len(options) == 1 and raw in ("", "1"):
            return 0
        if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= len(options):  # not "²"
            return int(raw) - 1
        say(f"Please enter a number from 1 to {len(options)}.")
