"""The Adventure leaderboard and stats: dragons defeated, games played and won, from the
engine's Result tallies (`dragons_defeated`, `wins`) and storage's `games_played`."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.adventure.board_items import BoardButton
from bot.service.boards import BoardPage, Columns, leaderboard_page
from storage import UserStats

GAME = "adventure"
COLOR = 0x6B8E23
ORDERS = ("dragons_defeated", "games_won", "games_played")
ORDER_NAMES = {
    "dragons_defeated": "dragons defeated",
    "games_won": "games won",
    "games_played": "games played",
}
COLUMNS = Columns(
    sums={
        "dragons_defeated": ("dragons_defeated",),
        "games_won": ("games_won",),
        "games_played": ("games_played",),
    },
    tie_break=("dragons_defeated", "games_won"),
)


async def board_page(storage: Any, guild_id: int, order: str, page: int) -> BoardPage:
    return await leaderboard_page(storage, guild_id, GAME, ("classic",), COLUMNS, None, order, page)


def _row(values: dict[str, int]) -> str:
    return (
        f"🐉 {values.get('dragons_defeated', 0)} dragons defeated · "
        f"{values.get('games_won', 0)}/{values.get('games_played', 0)} games won"
    )


def render_board(page: BoardPage) -> dict[str, Any]:
    lines = [f"**{e.rank}.** <@{e.user_id}> — {_row(dict(e.values))}" for e in page.entries]
    return {
        "title": "Leaderboard — The Hobbit Adventure Boardgame",
        "description": "\n".join(lines or ["Nobody has finished a game on this server yet."]),
        "color": COLOR,
        "footer": {
            "text": f"By {ORDER_NAMES.get(page.order, page.order)} · page {page.page + 1}"
            f"/{page.pages} · {page.size} players"
        },
    }


def board_view(page: BoardPage) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if page.page > 0:
        view.add_item(BoardButton(page.guild_id, page.order, page.page - 1, label="◀ Previous"))
    if page.page < page.pages - 1:
        view.add_item(BoardButton(page.guild_id, page.order, page.page + 1, label="Next ▶"))
    return view


def render_stats(stats: UserStats) -> dict[str, Any]:
    totals: dict[str, int] = {}
    for metrics in stats.per_variant.values():
        for k, v in metrics.items():
            totals[k] = totals.get(k, 0) + v
    if totals:
        summary = (
            f"{totals.get('games_played', 0)} games played, {totals.get('games_won', 0)} won,"
            f" {totals.get('dragons_defeated', 0)} dragons defeated."
        )
    else:
        summary = "No finished games on this server yet."
    return {
        "title": "The Hobbit Adventure Boardgame — stats",
        "description": f"<@{stats.user_id}>: {summary}",
        "color": COLOR,
    }
