"""`python -m bot play`: a whole game in the terminal, you against AI opponents.

`--game loveletter` (the default): you see only what rule C-10 lets your seat see: your hand,
the discard piles, the public events and your private log. You choose a card, then its
player, then its guess, each from a numbered list of legal values (`?` lists the other
commands, such as `rule` for a card's rule). `--game adventure`: The Hobbit Adventure
Boardgame against AI hobbits (bot/cli/adventure.py), every choice a numbered legal decision.
Ctrl-C (status 130) or end of input (status 0) leaves cleanly.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable

from bot.cli import count
from bot.cli.language import lang_option, session_locale
from bot.cli.lines import LineTooLong, terminal_input
from bot.cli.seat_names import DEFAULT_NAME, name_problem, others, own_name
from bot.cli.words import level_name, quoted
from bot.i18n import _, n_, p_, use_locale

AI_NAMES = ("Ada", "Bo", "Cyd", "Dee", "Eli", "Fay", "Gus", "Hal")
"""One more than the most AI seats: a player named after one of them leaves enough."""
DEFAULT_EDITION = "pegasus"
HUMAN = "you"


DESCRIPTION = """A whole game in the terminal, you against AI opponents; no Discord token
needed. Love Letter (the default; --edition pegasus, hobbit or l5r): you see only what your
seat may see, and choose a card, then its player, then its guess from numbered lists. The
Hobbit Adventure Boardgame (--game adventure): 2-4 hobbits, every choice a numbered legal
decision. At any prompt ? lists the commands (rules, a card's text, your hand...). Ctrl-C
(status 130) or end of input (status 0) leaves. --lang de plays in German (without --lang:
the language of LANGUAGE, LC_ALL, LC_MESSAGES or LANG, e.g. LANG=de_DE.UTF-8)."""


def games() -> tuple[str, ...]:
    """The games with a terminal game (`tools["play"]` in their registration), first the
    default; read from the registry when the parser is built."""
    from bot.platform.registry import with_tool

    return with_tool("play")


def _or(names: tuple[str, ...]) -> str:
    """ "loveletter (default) or adventure": the first is the default."""
    shown = [f"{names[0]} (default)", *names[1:]] if names else []
    return " or ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    offered = games()
    parser = subparsers.add_parser(
        "play",
        help="play Love Letter or The Hobbit Adventure Boardgame in the terminal against AIs",
        description=DESCRIPTION,
    )
    parser.add_argument(
        "--game", choices=offered, default=offered[0] if offered else None, help=_or(offered)
    )
    parser.add_argument(
        "--edition",
        default=None,
        help=f"Love Letter's edition: {DEFAULT_EDITION} (default), hobbit or l5r",
    )
    parser.add_argument("--players", type=count(), default=2, help="seats, you included (2)")
    parser.add_argument("--ai", default="standard", help="novice, standard (default) or expert")
    parser.add_argument("--seed", type=count(), default=None, help="seed for a repeatable game")
    parser.add_argument(
        "--name", default=DEFAULT_NAME, help="your name at the table (Adventure: your hobbit's)"
    )
    parser.add_argument(
        "--lang",
        type=lang_option,
        default=None,
        help="en or de (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)",
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="play on the live table in the browser instead of the terminal",
    )
    parser.add_argument(
        "--port", type=count(0, 65535), default=0, help="--web: the port (0, default: any free)"
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="--web: print the URL, open no browser"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """The game in the session's language (`--lang`, else the environment's)."""
    with use_locale(session_locale(getattr(args, "lang", None), os.environ)):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    problem = _problem(args)
    if problem:
        print(_("play: {problem}", problem=problem), file=sys.stderr)
        return 2
    args.name = own_name(args.name)
    if getattr(args, "web", False):
        from bot.web.local import serve
        from engine.api import game as engine_game

        variants = engine_game(args.game).variants
        variant = args.edition or (DEFAULT_EDITION if DEFAULT_EDITION in variants else None)
        return serve(args, variant or next(iter(variants)))
    from bot.platform.registry import tool

    start: int = tool(args.game, "play")(args)
    return start


def start_loveletter(args: argparse.Namespace) -> int:
    """Love Letter in the terminal (its `play` tool, registered by bot/games/loveletter)."""
    from bot.cli.loveletter_turn import Quit  # Love Letter's decisions: this game's only

    if args.edition is None:
        args.edition = DEFAULT_EDITION
    try:
        return play(args, terminal_input(), print)
    except LineTooLong as error:
        print()  # ends the prompt's line
        print(error, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\n" + _("Game abandoned (Ctrl-C)."), file=sys.stderr)
        return 130
    except Quit:
        print("\n" + _("Input closed; game abandoned."))
        return 0
    except BrokenPipeError:  # output piped into e.g. `head`, which has stopped reading
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _problem(args: argparse.Namespace) -> str | None:
    """Why these options make no game (one line), before anything starts: `--web`'s options,
    the game's own check (its `play check` tool), then what every terminal game shares."""
    from bot.platform.registry import entries, tool

    port: int | None = getattr(args, "port", None)
    no_browser: bool = getattr(args, "no_browser", False)
    if not getattr(args, "web", False) and (port or no_browser):
        return _("--port and --no-browser are for --web")
    if "play check" in entries()[args.game].tools:
        checked = tool(args.game, "play check")(args)
        if checked:
            return str(checked)
    problem: str | None = name_problem(args.name)
    web = getattr(args, "web", False)  # the browser answers, not standard input
    if problem is None and not web and sys.stdin is None:  # `play <&-`: no descriptor 0 at all
        problem = _("standard input is closed: there is nothing to read your answers from")
    return problem


def love_letter_problem(args: argparse.Namespace) -> str | None:
    """Why `--ai`, `--edition` or `--players` make no Love Letter game, or None."""
    import engine.loveletter as engine
    from engine.loveletter.ai import LEVELS

    if args.ai not in LEVELS:
        return _(
            "Unknown AI level {level}; choose one of {levels}.",
            level=quoted(args.ai),
            levels=", ".join(LEVELS),
        )
    edition = args.edition or DEFAULT_EDITION
    if edition not in engine.EDITIONS:
        return _(
            "Cannot start the game: unknown edition {edition}; choose one of {editions}.",
            edition=quoted(edition),
            editions=", ".join(engine.EDITIONS),
        )
    ed = engine.edition(edition)
    if not ed.min_players <= args.players <= ed.max_players:  # before building any seat
        return _(
            "Cannot start the game: --players {players} is not possible; {edition} takes"
            " {least} to {most} players, you included.",
            players=args.players,
            edition=p_("edition", ed.title),
            least=ed.min_players,
            most=ed.max_players,
        )
    return None


def play(args: argparse.Namespace, ask: Callable[[str], str], say: Callable[[str], None]) -> int:
    """Run one game; `ask`/`say` are the terminal (swappable for tests)."""
    import engine.loveletter as engine
    from bot.cli.loveletter_turn import Seat, choose_move
    from bot.games.loveletter.text.cards import tally
    from bot.games.loveletter.text.terminal import event_lines, table_lines
    from engine.loveletter.ai import choose

    problem = love_letter_problem(args)
    if problem:  # `_run` refused it already; a caller of `play` itself hears it here
        say(problem)
        return 2
    ed = engine.edition(args.edition)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    ids = [HUMAN] + [f"ai{i}" for i in range(1, args.players)]
    level = level_name(args.ai)
    ais = others((f"{n} ({level})" for n in AI_NAMES), args.name, len(ids) - 1)
    names = {HUMAN: args.name} | dict(zip(ids[1:], ais, strict=True))
    try:
        state = engine.new_game(args.edition, ids, random.Random(seed), names=names)
    except ValueError as error:
        say(_("Cannot start the game: {error}", error=error))
        return 2
    rngs = {p: random.Random(f"{seed}/{p}") for p in ids}
    say(
        n_(
            "Love Letter — {edition}. {n} player, AI level {level}, seed {seed}.",
            "Love Letter — {edition}. {n} players, AI level {level}, seed {seed}.",
            len(ids),
            edition=p_("edition", ed.title),
            level=level,
            seed=seed,
        )
    )
    say(_("First to {tally} wins.", tally=tally(ed.id, ed.target(len(ids)))))
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
            move = choose_move(legal, Seat(view, names), ask, say)
        else:
            move = choose(args.ai, view, legal, rngs[actor])
        state, events = engine.apply(state, move)
        for line in event_lines(events, ed.id, names, HUMAN):
            say(line)
    say(_("You win the game!") if state.winner == HUMAN else _("Game over."))
    return 0
