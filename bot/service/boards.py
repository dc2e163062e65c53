"""Read models for the server's memory: a leaderboard page, one user's stats, odds.

Everything comes from storage's tallies (per server) or the player's own engine view; there
is no SQL and no rule here, only paging and validation of what users typed.
"""

from __future__ import annotations

from dataclasses import dataclass

import engine.loveletter as engine
from bot.service import errors
from bot.service.games import GameService, player_id_for
from engine.loveletter.editions import EDITIONS
from engine.loveletter.odds import Odds, odds
from storage import LeaderboardEntry, Storage, UserStats

PAGE_SIZE = 10
ORDERS = ("tally", "games_won", "rounds_won", "games_played")


@dataclass(frozen=True, slots=True)
class BoardPage:
    guild_id: int
    edition: str | None  # None = all editions summed
    order: str
    page: int  # 0-based, clamped to the pages that exist
    pages: int
    size: int  # players on the whole board
    entries: tuple[LeaderboardEntry, ...]


async def leaderboard_page(
    storage: Storage, guild_id: int, edition: str | None, order: str, page: int
) -> BoardPage:
    if edition is not None and edition not in EDITIONS:
        raise errors.GameError(f"Unknown edition {edition!r}; choose {', '.join(EDITIONS)}.")
    if order not in ORDERS:
        raise errors.GameError(f"Unknown tally {order!r}; choose {', '.join(ORDERS)}.")
    size = await storage.leaderboard_size(guild_id, edition=edition)
    pages = max(1, -(-size // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    entries = await storage.leaderboard(
        guild_id,
        edition=edition,
        order_by=order,  # type: ignore[arg-type]
        limit=PAGE_SIZE,
        offset=page * PAGE_SIZE,
    )
    return BoardPage(guild_id, edition, order, page, pages, size, tuple(entries))


async def user_stats(storage: Storage, guild_id: int, user_id: int) -> UserStats:
    return await storage.stats(guild_id, user_id)


async def player_odds(service: GameService, game_id: int, user_id: int) -> tuple[str, Odds]:
    """(edition, odds) for this user's seat, from their own view only (C-10)."""
    game, state = await service.running(game_id)
    player = player_id_for(user_id)
    if game.seat_of(player) is None:
        raise errors.NotAPlayer()
    service.refuse_in_break(game, state)  # the next round's cards are not dealt out yet
    return game.edition, odds(engine.player_view(state, player))
