"""`python -m bot keeps`: fit the Love Letter expert's keep bonuses (engine/loveletter/ai/keeps.py).

Plays two-player games of expert against standard (seats alternating) and, at each expert
turn with two different cards in hand, records the best rules-of-thumb score of playing each
card and the card the expert played. Then fits one bonus per card kept so that "best score +
bonus of the card kept" picks the expert's card as often as possible (coordinate search on a
half-point grid), and prints the agreement before and after and the table to put in
`keeps.KEEPS`. `--fresh` collects with the bonuses switched off, as they were first fitted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.cli import count
from bot.cli.simulate import MAX_GAMES

if TYPE_CHECKING:
    from engine.loveletter.moves import Move
    from engine.loveletter.views import PlayerView

GRID = tuple(x / 2 for x in range(-12, 13))  # -6 .. 6 in half points
SWEEPS = 4


@dataclass(frozen=True, slots=True)
class Choice:
    """One expert turn: the best score of playing each of its two cards, and the one played."""

    scores: tuple[tuple[str, float], tuple[str, float]]
    played: str


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "keeps",
        help="fit the Love Letter expert's keep bonuses from its own choices",
        description=__doc__,
    )
    parser.add_argument("--edition", default="pegasus", help="hobbit, l5r or pegasus")
    parser.add_argument(
        "--games",
        type=count(1, MAX_GAMES),
        default=250,
        help=f"games to play (default 250, at most {MAX_GAMES:,})",
    )
    parser.add_argument("--seed", type=count(), default=41, help="seed of the games (default 41)")
    parser.add_argument(
        "--fresh", action="store_true", help="collect with the current bonuses switched off"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.loveletter.editions import EDITIONS

    if args.edition not in EDITIONS:
        print(
            f"keeps: --edition must be one of {', '.join(EDITIONS)}, not {args.edition[:40]!r}",
            file=sys.stderr,
        )
        return 2
    choices = collect(args.edition, args.games, args.seed, fresh=args.fresh)
    bonus = fit(choices)
    print(f"{len(choices)} expert choices between two cards · {args.edition} · seed {args.seed}")
    print(f"agreement: {agreement(choices, {})} without bonuses, {agreement(choices, bonus)} with")
    print("KEEPS entry:")
    print("    " + repr({c: v for c, v in sorted(bonus.items()) if v}))
    return 0


def collect(edition: str, games: int, seed: int, fresh: bool = False) -> list[Choice]:
    """The expert's choices between two different cards in `games` games against standard."""
    from bot.cli.simulate import play_game
    from engine.loveletter.ai import keeps

    saved = dict(keeps.KEEPS)
    if fresh:
        keeps.KEEPS.clear()
    out: list[Choice] = []

    def watch(level: str, view: PlayerView, legal: list[Move], move: Move) -> None:
        choice = _choice(view, legal, move) if level == "expert" else None
        if choice is not None:
            out.append(choice)

    try:
        for g in range(games):
            seats = ("expert", "standard") if g % 2 == 0 else ("standard", "expert")
            play_game(edition, seats, seed, g, watch)
        return out
    finally:
        keeps.KEEPS.clear()
        keeps.KEEPS.update(saved)


def _choice(view: PlayerView, legal: Sequence[Move], move: Move) -> Choice | None:
    from engine.loveletter.ai.knowledge import analyse
    from engine.loveletter.ai.sanity import sensible
    from engine.loveletter.ai.scoring import context, score
    from engine.loveletter.moves import Play

    hand = view.hand
    if len(hand) != 2 or hand[0] == hand[1] or not isinstance(move, Play):
        return None
    k = analyse(view)
    ctx = context(view, k)
    best: dict[str, float] = {}
    for m in sensible(view, legal, k):
        if isinstance(m, Play):
            best[m.card] = max(best.get(m.card, float("-inf")), score(ctx, m))
    if len(best) != 2:
        return None
    a, b = best.items()
    return Choice((a, b), move.card)


def pick(choice: Choice, bonus: Mapping[str, float]) -> str:
    """The card "best score + bonus of the card kept" plays."""
    (a, sa), (b, sb) = choice.scores
    return a if sa + bonus.get(b, 0.0) >= sb + bonus.get(a, 0.0) else b


def agreement(choices: Sequence[Choice], bonus: Mapping[str, float]) -> int:
    return sum(pick(c, bonus) == c.played for c in choices)


def fit(choices: Sequence[Choice]) -> dict[str, float]:
    """Per card, the grid bonus that agrees best, the others held; smaller ones win ties."""
    cards = sorted({card for c in choices for card, _ in c.scores})
    bonus = dict.fromkeys(cards, 0.0)
    for _sweep in range(SWEEPS):
        for card in cards:
            best = (-1, 0.0)
            for x in GRID:
                bonus[card] = x
                n = agreement(choices, bonus)
                if n > best[0] or (n == best[0] and abs(x) < abs(best[1])):
                    best = (n, x)
            bonus[card] = best[1]
    return bonus
