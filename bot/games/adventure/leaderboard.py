"""The Adventure leaderboard and stats: dragons defeated, games played and won, from the
engine's Result tallies (`dragons_defeated`, `wins`) and storage's `games_played`; and the
fastest win in turns, the lowest `turns` of the summaries of the games a player won."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.adventure.items import BoardButton
from bot.i18n import N_, _, n_
from bot.service.boards import (
    PAGE_SIZE,
    RATING,
    BoardPage,
    Columns,
    leaderboard_page,
    rating_page,
    with_ratings,
)
from bot.ui.ratings import board_line, with_ai_line
from storage import LeaderboardEntry, UserStats

GAME = "adventure"
COLOR = 0x6B8E23
FASTEST = "fastest_win"  # not a tally: the least turns any of a player's wins took
ORDERS = ("dragons_defeated", "games_won", "games_played", FASTEST, RATING)
ORDER_NAMES = {
    "dragons_defeated": N_("dragons defeated"),
    "games_won": N_("games won"),
    "games_played": N_("games played"),
    FASTEST: N_("fastest win"),
    RATING: N_("rating"),
}
COLUMNS = Columns(
    sums={
        "dragons_defeated": ("dragons_defeated",),
        "games_won": ("games_won",),
        "games_played": ("games_played",),
    },
    tie_break=("dragons_defeated", "games_won"),
)


def order_name(order: str | None) -> str:
    """What a leaderboard is ranked by, in the reader's words."""
    return _(ORDER_NAMES[order]) if order in ORDER_NAMES else str(order)


async def board_page(storage: Any, guild_id: int, order: str, page: int) -> BoardPage:
    if order == FASTEST:
        return await _fastest_page(storage, guild_id, page)
    if order == RATING:
        return await rating_page(storage, guild_id, GAME, page)
    return await leaderboard_page(storage, guild_id, GAME, ("classic",), COLUMNS, None, order, page)


async def _fastest_page(storage: Any, guild_id: int, page: int) -> BoardPage:
    """Winners by their fastest win, fewest turns first (then the lower user id)."""
    best = await storage.lowest_in_wins(guild_id, GAME, "turns")
    ranked = sorted(best.items(), key=lambda item: (item[1], item[0]))
    pages = max(1, -(-len(ranked) // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    start = page * PAGE_SIZE
    entries = tuple(
        LeaderboardEntry(start + i + 1, user, {FASTEST: turns})
        for i, (user, turns) in enumerate(ranked[start : start + PAGE_SIZE])
    )
    board = BoardPage(guild_id, GAME, None, FASTEST, page, pages, len(ranked), entries)
    return await with_ratings(storage, board)


def _row(values: dict[str, int]) -> str:
    if FASTEST in values:
        return n_("⏱ won in {n} turn", "⏱ won in {n} turns", values[FASTEST])
    played = values.get("games_played", 0)
    dragons = n_(
        "🐉 {n} dragon defeated", "🐉 {n} dragons defeated", values.get("dragons_defeated", 0)
    )
    won = n_(
        "{won} of {n} game won", "{won} of {n} games won", played, won=values.get("games_won", 0)
    )
    return f"{dragons} · {won}"


def render_board(page: BoardPage) -> dict[str, Any]:
    lines = [board_line(page, e, _row(dict(e.values))) for e in page.entries]
    lines = with_ai_line(lines or [_(_EMPTY.get(page.order, _EMPTY[None]))], page.ai_ratings)
    return {
        "title": _("Leaderboard — The Hobbit Adventure Boardgame"),
        "description": "\n".join(lines)[:4000],
        "color": COLOR,
        "footer": {
            "text": _(
                "By {order} · page {page}/{pages} · {players}",
                order=order_name(page.order),
                page=page.page + 1,
                pages=page.pages,
                players=n_("{n} player", "{n} players", page.size),
            )
        },
    }


_EMPTY = {
    None: N_("Nobody has finished a game on this server yet."),
    FASTEST: N_("Nobody has won a game on this server yet."),
    RATING: N_("Nobody has five rated games on this server yet."),
}


def board_view(page: BoardPage) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if page.page > 0:
        view.add_item(BoardButton(page.guild_id, page.order, page.page - 1, label=_("◀ Previous")))
    if page.page < page.pages - 1:
        view.add_item(BoardButton(page.guild_id, page.order, page.page + 1, label=_("Next ▶")))
    return view


def render_stats(stats: UserStats, fastest: int | None = None) -> dict[str, Any]:
    """A player's totals; `fastest` is their fastest win in turns, if they have won."""
    totals: dict[str, int] = {}
    for metrics in stats.per_variant.values():
        for k, v in metrics.items():
            totals[k] = totals.get(k, 0) + v
    if totals:
        summary = n_(
            "{n} game played, {won} won, {dragons}.",
            "{n} games played, {won} won, {dragons}.",
            totals.get("games_played", 0),
            won=totals.get("games_won", 0),
            dragons=n_(
                "{n} dragon defeated", "{n} dragons defeated", totals.get("dragons_defeated", 0)
            ),
        )
        if fastest is not None:
            summary += " " + n_("Fastest win: {n} turn.", "Fastest win: {n} turns.", fastest)
    else:
        summary = _("No finished games on this server yet.")
    return {
        "title": _("The Hobbit Adventure Boardgame — stats"),
        "description": f"<@{stats.user_id}>: {summary}",
        "color": COLOR,
    }
