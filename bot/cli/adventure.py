"""The Hobbit Adventure Boardgame in the terminal: you against AI hobbits.

`python -m bot play --game adventure [--players N] [--ai LEVEL] [--seed S] [--name NAME]
[--lang en|de]`
(bot/cli/play.py hands its options to `start`), or `play_main(["--players", "3"])`: every
choice is a numbered legal decision (Enter takes a single one); `?`, `rules`, `card`, `board`
and `hand` are answered at any prompt (bot/cli/adventure_turn.py); end of input ends the game
cleanly (exit 0); a bad option gives one line on standard error and exit 2.
Scenario replay goes through `python -m bot replay` like every game's (bot/cli/replay.py).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from bot.cli import count
from bot.cli.language import lang_option, session_locale
from bot.cli.lines import LineTooLong, terminal_input
from bot.cli.seat_names import DEFAULT_NAME, name_problem, others, own_name
from bot.cli.words import level_name
from bot.i18n import N_, _, n_, p_, use_locale

HUMAN = "you"
NOTHING_TO_TAKE_BACK = N_(
    "There is nothing to take back: only your own last decision can be, while it rolled no die, "
    "drew no card, showed nothing hidden and nobody has decided since."
)


class ArgError(Exception):
    """A command-line argument is wrong: one line, exit 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise ArgError(message)


def _options(argv: Sequence[str]) -> argparse.Namespace:
    parser = _Parser(prog="play --game adventure", add_help=False)
    parser.add_argument("--players", type=count(0), default=2)
    parser.add_argument("--ai", default="standard")
    parser.add_argument("--seed", type=count(0), default=None)
    parser.add_argument("--name", default=DEFAULT_NAME)
    parser.add_argument("--lang", type=lang_option, default=None)
    return parser.parse_args(list(argv))


def _check(args: argparse.Namespace) -> None:
    from engine.adventure.ai import LEVELS

    if not 2 <= args.players <= 4:
        raise ArgError(_("--players must be from 2 to 4 (you and 1 to 3 AI hobbits)"))
    if args.ai not in LEVELS:
        raise ArgError(_("--ai must be one of {levels}", levels=", ".join(LEVELS)))
    problem = name_problem(args.name)
    if problem:
        raise ArgError(problem)


def seat_names(name: str, players: int) -> dict[str, str]:
    """Your seat (`you`) named `name`, then the AI hobbits' Shire names, none reading as
    yours: a player called Rosie Cotton meets Fatty Bolger, not a second Rosie Cotton."""
    from itertools import count as numbers

    from bot.games.adventure.text.hobbits import hobbit_name

    ais = others((hobbit_name(n) for n in numbers(1)), name, players - 1)
    mine = p_("seat name", "you") if name == DEFAULT_NAME else name  # unnamed: "you" everywhere
    return {HUMAN: mine} | {f"ai{i}": ai for i, ai in enumerate(ais, 1)}


def play_main(argv: Sequence[str]) -> int:
    try:
        args = _options(argv)
    except ArgError as error:
        print(f"play: {error}", file=sys.stderr)
        return 2
    with use_locale(session_locale(args.lang, os.environ)):
        return start(args)


def play_problem(args: argparse.Namespace) -> str | None:
    """Why `python -m bot play --game adventure` with these options makes no game, or None
    (its `play check` tool; the rest is checked as the game starts)."""
    if args.edition is not None:
        return _("--edition is for Love Letter; The Hobbit Adventure Boardgame has no editions")
    return None


def start(args: argparse.Namespace) -> int:
    """One game with the options `args.players`, `args.ai`, `args.seed` (None: any) and
    `args.name` (your hobbit's)."""
    try:
        _check(args)
    except ArgError as error:
        print(_("play: {problem}", problem=error)[:200], file=sys.stderr)
        return 2
    if sys.stdin is None:  # `play <&-`: no descriptor 0 at all
        problem = _("standard input is closed: there is nothing to read your answers from")
        print(_("play: {problem}", problem=problem), file=sys.stderr)
        return 2
    args.name = own_name(args.name)
    try:
        return play(args, terminal_input(), print)
    except LineTooLong as error:
        print()  # ends the prompt's line
        print(error, file=sys.stderr)
        return 2
    except EOFError:
        print("\n" + _("Input closed; game abandoned."))
        return 0
    except KeyboardInterrupt:
        print("\n" + _("Game abandoned (Ctrl-C)."), file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into e.g. `head`, which has stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def play(args: argparse.Namespace, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """One game; `ask` / `say` are the terminal (EOFError from `ask` ends it)."""
    from bot.cli.adventure_turn import Table, TakeBack
    from engine.adventure.ai import choose
    from engine.adventure.rules import apply, legal_moves, new_game
    from engine.adventure.undo import undoable
    from engine.adventure.view import view

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    names = seat_names(args.name, args.players)
    seats = list(names)
    state = new_game(seats, random.Random(seed))
    rngs = {p: random.Random(f"{seed}/{p}") for p in seats}
    table = Table(names, ask, say)
    level = level_name(args.ai)
    ais = ", ".join(_("{name} (AI, {level})", name=names[p], level=level) for p in seats[1:])
    you = names[HUMAN] if args.name == DEFAULT_NAME else _("{name} (you)", name=args.name)
    say(
        n_(
            "{n} hobbit: {you} and {ais}; seed {seed}.",
            "{n} hobbits: {you} and {ais}; seed {seed}.",
            args.players,
            you=you,
            ais=ais,
            seed=seed,
        )
    )
    say(_("Beat the Dragon at Carn Dûm! New here? Type ? for the commands, rules for the rules."))
    events = list(state.log)
    state.log = []
    taken: tuple[Any, str] | None = None
    """The state before your last decision and its label, while the bounded undo allows
    taking it back (engine/adventure/undo.py): any other hobbit's decision ends that."""
    while True:
        table.tell(events)
        if state.over or state.pending is None:
            return 0
        pid = state.pending.player
        mine = view(state, HUMAN)
        try:
            if pid != HUMAN:
                free = table.out_of_turn(mine, legal_moves(state, HUMAN))
                if free is None:
                    decision = choose(args.ai, view(state, pid), legal_moves(state, pid), rngs[pid])
                    mover = pid
                else:
                    decision, mover = free, HUMAN
            else:
                helped = _ai_free_action(args.ai, state, seats[1:])
                if helped is not None:  # an AI hobbit heals (say) before you decide, as in Discord
                    mover, decision = helped
                else:
                    decision = table.your_decision(mine, legal_moves(state, HUMAN))
                    mover = HUMAN
        except TakeBack:
            if taken is None:
                say(_(NOTHING_TO_TAKE_BACK))
            else:
                state, label = taken
                taken = None
                say(_("You take back: {decision}.", decision=label))
            events = []
            continue
        label = table.label(decision, mine) if mover == HUMAN else ""
        before = state
        state, events = apply(state, mover, decision)
        mayundo = mover == HUMAN and undoable(before, HUMAN, decision, state, events)
        taken = (before, label) if mayundo else None


def _ai_free_action(level: str, state: Any, ais: Sequence[str]) -> tuple[str, Any] | None:
    """An AI hobbit out of turn that takes a free action now (ADV-11): (hobbit, decision)."""
    from engine.adventure.ai import free_choice
    from engine.adventure.rules import legal_moves
    from engine.adventure.view import view

    for pid in ais:
        legal = legal_moves(state, pid)
        decision = free_choice(level, view(state, pid), legal) if legal else None
        if decision is not None:
            return pid, decision
    return None
