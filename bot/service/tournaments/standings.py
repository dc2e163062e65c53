"""A tournament's standings, as pure functions: points, tie-breaks, the ranking.

Points: a win is 1 (a win shared by k players, 1/k each), a bye is 1, anything else 0. A
forfeit is a loss: 0 for the player who forfeited. Tie-breaks: Swiss, the Buchholz score
(the sum of the final points of everyone met at a table; a bye meets nobody), then wins;
round-robin, the points won in the games among the tied players (head-to-head), then wins.
Last, the seed (rating at the start) and the user id, so the order is always the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

SWISS = "swiss"
ROUND_ROBIN = "roundrobin"


@dataclass(frozen=True, slots=True)
class Played:
    """One table's outcome: its human players, its winners (among the players who did not
    forfeit) and who forfeited; or a bye (one player, no table)."""

    players: tuple[int, ...]
    winners: tuple[int, ...]
    forfeits: tuple[int, ...] = ()
    bye: bool = False


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    user_id: int
    points: Fraction
    wins: int
    played: int
    tiebreak: Fraction  # Buchholz (Swiss) or head-to-head points (round-robin)


def table_points(table: Played) -> dict[int, Fraction]:
    if table.bye:
        return {table.players[0]: Fraction(1)}
    won = [p for p in table.winners if p not in table.forfeits]
    share = Fraction(1, len(won)) if won else Fraction(0)
    return {p: (share if p in won else Fraction(0)) for p in table.players}


def points(history: Iterable[Played]) -> dict[int, Fraction]:
    total: dict[int, Fraction] = {}
    for table in history:
        for player, got in table_points(table).items():
            total[player] = total.get(player, Fraction(0)) + got
    return total


def buchholz(player: int, history: Iterable[Played], scores: Mapping[int, Fraction]) -> Fraction:
    """The sum of the points of every opponent ``player`` met (once per meeting)."""
    return sum(
        (
            scores.get(other, Fraction(0))
            for table in history
            if player in table.players
            for other in table.players
            if other != player
        ),
        Fraction(0),
    )


def head_to_head(group: Sequence[int], history: Iterable[Played]) -> dict[int, Fraction]:
    """The points each of ``group`` won at tables where only players of the group sat."""
    members = set(group)
    among = [t for t in history if not t.bye and set(t.players) <= members]
    got = points(among)
    return {p: got.get(p, Fraction(0)) for p in group}


def standings(
    players: Sequence[int], history: Sequence[Played], fmt: str, seeds: Mapping[int, float]
) -> list[Standing]:
    """Everyone ranked, best first (the docstring's order)."""
    scores = points(history)
    wins = dict.fromkeys(players, 0)
    played = dict.fromkeys(players, 0)
    for table in history:
        for player, got in table_points(table).items():
            if player in played:
                played[player] += 1
                wins[player] += int(got > 0 and not table.bye)
    zero = Fraction(0)
    if fmt == SWISS:
        tiebreak = {p: buchholz(p, history, scores) for p in players}
    else:
        tiebreak = {}
        for level in {scores.get(p, zero) for p in players}:
            group = [p for p in players if scores.get(p, zero) == level]
            tiebreak.update(head_to_head(group, history))
    order = sorted(
        players,
        key=lambda p: (-scores.get(p, zero), -tiebreak[p], -wins[p], -seeds.get(p, 0.0), p),
    )
    return [
        Standing(i, p, scores.get(p, zero), wins[p], played[p], tiebreak[p])
        for i, p in enumerate(order, start=1)
    ]


def shown_points(value: Fraction, decimal: str = ".") -> str:
    """1, 2½, 1⅓ as players write them; other fractions to two decimals."""
    whole, part = divmod(value, 1)
    glyphs = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼",
              Fraction(3, 4): "¾"}  # fmt: skip
    if part == 0:
        return str(int(whole))
    if part in glyphs:
        return (str(int(whole)) if whole else "") + glyphs[part]
    return f"{float(value):.2f}".replace(".", decimal)
