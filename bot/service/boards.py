"""Read models for the server's memory: one page of a game's leaderboard, one user's stats.

Everything comes from storage's tallies (per server, per game and metric); the game's
presenter says which metrics make up which column. No SQL and no rule here, only paging and
validation of what users typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.service import errors
from storage import LeaderboardEntry, Storage, UserStats

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
        raise errors.GameError(f"Unknown edition {variant!r}; choose {', '.join(variants)}.")
    if order not in columns.sums:
        raise errors.GameError(f"Unknown tally {order!r}; choose {', '.join(columns.sums)}.")
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
    return BoardPage(guild_id, game, variant, order, page, pages, size, tuple(entries))


async def user_stats(storage: Storage, guild_id: int, user_id: int, game: str) -> UserStats:
    return await storage.stats(guild_id, user_id, game)
