"""Skill ratings: who finished where in a game, and what that does to everyone's rating.

openskill's Plackett-Luce model rates free-for-all games of any size with ties and keeps each
rating's uncertainty (sigma), so a newcomer moves fast and a regular slowly. Pure functions:
storage/rating_sql.py runs them inside the transaction that saves a game's result, and
`db rerate` runs the very same ones over the stored results, so both give equal ratings.

Placings come from what the results table stores (winners and scores), never from the game's
rules: the winners come first; the others are ordered by their ``tally`` score (Love Letter's
tokens) when the game has one, equal tallies tying. So a Love Letter deciding round ranks its
winner first and the players they tied with on tokens second, ahead of those with fewer; in
the Adventure game (no tally) everyone but the winner ties for second, and when the Dragon
wins (no winner) all hobbits lose equally: one tie, which moves nobody's mu much but still
counts as a rated game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

_MODEL = PlackettLuce()
MU, SIGMA = _MODEL.mu, _MODEL.sigma  # a new player's rating (25, 25/3)
SCALE, BASE = 40, 1000  # shown rating = BASE + SCALE * (mu - 3 sigma): a new player shows 1000
MIN_GAMES = 5  # rated games before a player appears on a leaderboard


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        """The conservative number players see (we are 99% sure they are at least this good)."""
        return shown(self.mu, self.sigma)

    @property
    def spread(self) -> int:
        """The uncertainty shown beside it: one sigma, on the same scale."""
        return round(SCALE * self.sigma)


def shown(mu: float, sigma: float) -> int:
    return round(BASE + SCALE * (mu - 3 * sigma))


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as storage has it: who to rate (a user, else the seat's AI level)."""

    player_id: str
    user_id: int | None
    ai_level: str | None

    @property
    def key(self) -> str:
        return player_key(self.user_id, self.ai_level)


def player_key(user_id: int | None, ai_level: str | None) -> str:
    """'u:<user id>' for a human (also when an AI finished their game), else 'ai:<level>'."""
    if user_id is not None:
        return f"u:{user_id}"
    return f"ai:{ai_level}"


def placings(
    seats: Sequence[SeatRow],
    winners: Sequence[str],
    scores: Mapping[str, Mapping[str, int]],
) -> dict[str, int]:
    """Player id -> rank (1 = first; equal ranks tie), from a stored result."""

    def key(seat: SeatRow) -> tuple[int, int]:
        return (
            0 if seat.player_id in winners else 1,
            -scores.get(seat.player_id, {}).get("tally", 0),
        )

    ordered = sorted(seats, key=key)
    ranks: dict[str, int] = {}
    for i, seat in enumerate(ordered):
        tied = i > 0 and key(ordered[i - 1]) == key(seat)
        ranks[seat.player_id] = ranks[ordered[i - 1].player_id] if tied else i + 1
    return ranks


def rate(
    seats: Sequence[SeatRow], ranks: Mapping[str, int], current: Mapping[str, Rating]
) -> dict[str, Rating]:
    """Each rated key's rating after the game (``current`` lacks new players: they start at
    MU/SIGMA). Several seats of one AI level in a game are rated as separate players from the
    level's rating before the game; the level then takes their average (one game counted)."""
    if len(seats) < 2:
        return {}
    teams = [
        [
            _MODEL.rating(
                mu=current.get(s.key, Rating()).mu, sigma=current.get(s.key, Rating()).sigma
            )
        ]
        for s in seats
    ]
    after = _MODEL.rate(teams, ranks=[ranks[s.player_id] for s in seats])
    per_key: dict[str, list[tuple[float, float]]] = {}
    for seat, (team,) in zip(seats, after, strict=True):
        per_key.setdefault(seat.key, []).append((team.mu, team.sigma))
    return {
        key: Rating(
            sum(mu for mu, _ in values) / len(values),
            sum(sigma for _, sigma in values) / len(values),
            current.get(key, Rating()).games + 1,
        )
        for key, values in per_key.items()
    }
