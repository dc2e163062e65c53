"""Read models for the server's memory: one page of a game's leaderboard, one user's stats.

Everything comes from storage's tallies (per server, per game and metric); the game's
presenter says which metrics make up which column. Beside them, each listed player's skill
rating once they have MIN_GAMES rated games, and the AI levels' ratings. No SQL and no rule
here, only paging and validation of what users typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.i18n import _
from bot.service import errors
from storage import LeaderboardEntry, Storage, UserStats
from storage.skill import MIN_GAMES, Rating, player_key

PAGE_SIZE = 10


@dataclass(frozen=True, slots=True)
class BoardPage:
    guild_id: int
    game: str
    variant: str | None  # None = all variants summed
    order: str  # a column name
    page: int  # 0-based, clamped to the pages that exist
    pages: int
    size: int  # players on the whole board
    entries: tuple[LeaderboardEntry, ...]
    ratings: Mapping[int, Rating] = field(default_factory=dict)  # user -> rating (rated ones)
    ai_ratings: Mapping[str, Rating] = field(default_factory=dict)  # AI level -> rating


@dataclass(frozen=True, slots=True)
class Columns:
    """A game's leaderboard columns: each a sum of metrics; ties broken by `tie_break`."""

    sums: Mapping[str, Sequence[str]]
    tie_break: Sequence[str] = ()


async def leaderboard_page(
    storage: Storage,
    guild_id: int,
    game: str,
    variants: Sequence[str],
    columns: Columns,
    variant: str | None,
    order: str,
    page: int,
) -> BoardPage:
    if variant is not None and variant not in variants:
        raise errors.GameError(
            _(
                "Unknown edition {variant}; choose {choices}.",
                variant=repr(variant),
                choices=", ".join(variants),
            )
        )
    if order not in columns.sums:
        raise errors.GameError(
            _(
                "Unknown tally {order}; choose {choices}.",
                order=repr(order),
                choices=", ".join(columns.sums),
            )
        )
    size = await storage.leaderboard_size(guild_id, game, variant=variant)
    pages = max(1, -(-size // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    entries = await storage.leaderboard(
        guild_id,
        game,
        variant=variant,
        columns=columns.sums,
        order_by=order,
        tie_break=columns.tie_break,
        limit=PAGE_SIZE,
        offset=page * PAGE_SIZE,
    )
    board = BoardPage(guild_id, game, variant, order, page, pages, size, tuple(entries))
    return await with_ratings(storage, board)


RATING = "rating"  # the order of the rating leaderboard (not a tally)


async def rating_page(storage: Storage, guild_id: int, game: str, page: int) -> BoardPage:
    """Players with MIN_GAMES rated games, best rating first (the game's one rating)."""
    size, _unused = await storage.rated_players(guild_id, game, limit=1)
    pages = max(1, -(-size // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    _size, rated = await storage.rated_players(
        guild_id, game, limit=PAGE_SIZE, offset=page * PAGE_SIZE
    )
    entries = tuple(
        LeaderboardEntry(page * PAGE_SIZE + i + 1, user, {RATING: r.shown})
        for i, (user, r) in enumerate(rated)
    )
    board = BoardPage(guild_id, game, None, RATING, page, pages, size, entries)
    return await with_ratings(storage, board)


async def with_ratings(storage: Storage, board: BoardPage) -> BoardPage:
    """The page with the ratings of its players who have MIN_GAMES rated games, and the AI
    levels' (the game's one rating: Love Letter's editions share it)."""
    keys = {player_key(e.user_id, None): e.user_id for e in board.entries}
    found = await storage.ratings(board.guild_id, board.game, list(keys))
    ratings = {keys[k]: r for k, r in found.items() if r.games >= MIN_GAMES}
    ai = await storage.ai_ratings(board.guild_id, board.game)
    return replace(board, ratings=ratings, ai_ratings=ai)


async def user_stats(storage: Storage, guild_id: int, user_id: int, game: str) -> UserStats:
    return await storage.stats(guild_id, user_id, game)


@dataclass(frozen=True, slots=True)
class UserRating:
    rating: Rating | None  # None: never rated here
    trail: tuple[tuple[float, float], ...]  # (mu, sigma) after each of the last 50 games


async def user_rating(storage: Storage, guild_id: int, user_id: int, game: str) -> UserRating:
    key = player_key(user_id, None)
    found = await storage.ratings(guild_id, game, [key])
    trail = await storage.rating_trail(guild_id, user_id, game, 50)
    return UserRating(found.get(key), tuple(trail))
