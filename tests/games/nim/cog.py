"""`/nim ...`: the shared commands of `cogs.base.GameCog` worded for Nim; no command of its
own. Loaded by name from the presentation (`cog`), like every game's cog."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.platform.registry import bind
from bot.service.achievements import Feats
from bot.service.boards import BoardPage, Columns, leaderboard_page
from cogs.base import GameCog
from cogs.wording import Option
from storage import UserStats
from tests.games.nim.engine import GAME as ENGINE
from tests.games.nim.presenter import RULES_TEXT, Controller

GAME = "nim"
COLUMNS = Columns(sums={"wins": ("wins",), "games_played": ("games_played",)}, tie_break=())
LEVELS = ENGINE.ai_levels
METRIC = "wins"
"""What the leaderboard ranks by: the `wins` tally a finished game adds to (NIM-3)."""


def choices(values: Iterable[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=value, value=value) for value in values]


async def no_feats(storage: Any, played: Any) -> list[Any]:
    """Nim has no achievements of its own (the first win every game has still counts)."""
    return []


class NimCog(GameCog, group_name="nim", group_description="Play Nim in this channel"):
    game = GAME
    controller = Controller
    wording = {
        "new": "Open a lobby for Nim",
        "addbot level": Option(choices=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS]),
        "leaderboard": "This server's Nim leaderboard",
        "leaderboard tally": Option(
            choices=[app_commands.Choice(name=c, value=c) for c in COLUMNS.sums]
        ),
    }

    async def board(self, guild_id: int, edition: str | None, tally: str | None) -> BoardPage:
        storage = self.bot.storage
        return await leaderboard_page(
            storage, guild_id, GAME, ("classic",), COLUMNS, None, tally or METRIC, 0
        )

    def board_message(self, board: Any) -> tuple[dict[str, Any], discord.ui.View]:
        rows = [f"**{e.rank}.** <@{e.user_id}> — {e.values[METRIC]} wins" for e in board.entries]
        text = "\n".join(rows) or "Nobody has won yet."
        return {"title": "Nim leaderboard", "description": text}, discord.ui.View()

    async def stats_embed(
        self, guild_id: int, user_id: int, stats: UserStats
    ) -> Callable[[], dict[str, Any]]:
        totals = stats.per_variant.get("classic", {})
        text = f"{totals.get('games_played', 0)} played, {totals.get(METRIC, 0)} won"
        return lambda: {"title": "Nim stats", "description": text}

    def feats(self) -> Feats:
        return no_feats

    async def rules_text(
        self, interaction: discord.Interaction, topic: str | None, card: str | None
    ) -> str:
        return RULES_TEXT


async def setup(bot: commands.Bot) -> None:
    cog = NimCog(bot)
    bind(bot, GAME, cog.ctl)
    await bot.add_cog(cog)
