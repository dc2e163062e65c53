"""Pairing a tournament's round, as pure functions (no discord, no storage): Swiss by score
and rating, round-robin by the circle method.

A round is a list of tables (user ids, best seed first) and the players with a bye. A table
has ``seats`` players; what is left over when the players do not divide by ``seats`` goes
to one table filled up with AI seats when the organiser allowed them, else to a smaller table
(two or more players) or, for a single player, to a bye: the lowest-ranked player who has not
had one yet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

# Enough to try every pairing of the usual tournament; past it, the fewest rematches greedily.
SEARCH_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    def seated(self) -> list[int]:
        return [p for t in self.tables for p in t] + list(self.byes)


def meetings(history: Iterable[Sequence[int]]) -> Counter[frozenset[int]]:
    """How often each two players shared a table (the tables of earlier rounds)."""
    met: Counter[frozenset[int]] = Counter()
    for table in history:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                met[frozenset((a, b))] += 1
    return met


def swiss_order(
    players: Iterable[int], points: Mapping[int, Fraction], seeds: Mapping[int, float]
) -> list[int]:
    """Best first: most points, then the higher seed (rating), then the lower user id."""
    return sorted(players, key=lambda p: (-points.get(p, Fraction(0)), -seeds.get(p, 0.0), p))


def _leftover(order: list[int], seats: int, ai: bool, had_bye: set[int]) -> tuple[list[int], Round]:
    """Split off the players that do not fill a whole table: (the rest, their table or bye)."""
    extra = len(order) % seats
    if extra == 0:
        return order, Round(())
    if ai or extra >= 2:  # AI seats fill it, or a smaller table of two or more
        return order[:-extra], Round((tuple(order[-extra:]),))
    # One player over: the bye goes to the lowest-ranked who has not had one.
    lone = next((p for p in reversed(order) if p not in had_bye), order[-1])
    return [p for p in order if p != lone], Round((), (lone,))


def _pairs(order: list[int], met: Counter[frozenset[int]]) -> list[tuple[int, int]] | None:
    """Pairs in order with no rematch (backtracking, the best-placed first); None if none
    within SEARCH_STEPS."""
    steps = 0

    def search(rest: list[int]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not rest:
            return []
        first = rest[0]
        for i in range(1, len(rest)):
            steps += 1
            if steps > SEARCH_STEPS:
                return None
            if met[frozenset((first, rest[i]))]:
                continue
            found = search(rest[1:i] + rest[i + 1 :])
            if found is not None:
                return [(first, rest[i]), *found]
        return None

    return search(order)


def _greedy_tables(
    order: list[int], seats: int, met: Counter[frozenset[int]]
) -> list[tuple[int, ...]]:
    """Tables in order, each seat taken by the next player who met the table fewest times."""
    rest, tables = list(order), []
    while rest:
        table = [rest.pop(0)]
        while len(table) < seats and rest:
            best = min(rest, key=lambda p: sum(met[frozenset((p, q))] for q in table))
            rest.remove(best)
            table.append(best)
        tables.append(tuple(table))
    return tables


def swiss_round(
    order: Sequence[int],
    history: Iterable[Sequence[int]],
    seats: int,
    *,
    ai: bool = False,
    had_bye: Iterable[int] = (),
) -> Round:
    """The next Swiss round of ``order`` (best first: swiss_order): neighbours in the order
    meet, with no rematch where one can be avoided (head-to-head: searched; more seats: the
    fewest earlier meetings table by table)."""
    met = meetings(history)
    rest, extra = _leftover(list(order), seats, ai, set(had_bye))
    pairs = _pairs(rest, met) if seats == 2 else None
    tables = list(pairs) if pairs is not None else _greedy_tables(rest, seats, met)
    return Round(tuple(tables) + extra.tables, extra.byes)


def round_robin(order: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Every round of a round-robin by the circle method: each player meets every other once;
    ``None`` as an opponent is the round's bye (an odd number of players)."""
    ring: list[int | None] = list(order)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None:
                a, b = b, a
            assert a is not None
            pairs.append((a, b))
        rounds.append(pairs)
        ring = [ring[0], ring[-1], *ring[1:-1]]  # the first stays, the others turn
    return rounds


def round_robin_round(
    order: Sequence[int], number: int, out: Iterable[int] = (), *, ai: bool = False
) -> tuple[Round, list[tuple[int, int]]]:
    """Round ``number`` (1-based) of the schedule: its tables and byes, and the games lost by
    forfeit because a player withdrew (``out``), as (winner, loser). With ``ai``, a player
    without an opponent plays an AI seat instead of having a bye."""
    gone = set(out)
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    forfeited: list[tuple[int, int]] = []
    for a, b in round_robin(order)[number - 1]:
        if b is None or (a in gone and b in gone):
            if b is None and a not in gone:
                (tables.append((a,)) if ai else byes.append(a))
            continue
        if a in gone or b in gone:
            forfeited.append((b, a) if a in gone else (a, b))
            continue
        tables.append((a, b))
    return Round(tuple(tables), tuple(byes)), forfeited
