"""`/adventure ...`: thin slash-command adapters over the game service (no rules, no SQL).

The shared commands (new, join, …, rules) are `cogs.base.GameCog`'s, worded here for the
Adventure; its own are pack and board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.games.adventure.controller import Controller
from bot.games.adventure.feats import feats
from bot.games.adventure.leaderboard import (
    ORDER_NAMES,
    board_page,
    board_view,
    render_board,
    render_stats,
)
from bot.games.adventure.text.cardlookup import card_answer, card_choices
from bot.games.adventure.text.hobbits import seat_label
from bot.games.adventure.text.rulebook import TOPICS, rules_text
from bot.i18n import N_
from bot.platform.registry import bind
from bot.runtime.client import GameBot
from bot.service.achievements import Feats
from bot.service.boards import BoardPage
from bot.service.records import Seat, UserStats
from cogs.base import GameCog
from cogs.wording import Option
from engine.adventure import GAME as RULES

GAME = "adventure"
LEVELS = [app_commands.Choice(name=level, value=level) for level in RULES.ai_levels]
TOPIC_CHOICES = [app_commands.Choice(name=t, value=t) for t in TOPICS]
ORDER_CHOICES = [app_commands.Choice(name=n, value=k) for k, n in ORDER_NAMES.items()]


class Adventure(
    GameCog,
    group_name="adventure",
    group_description="Play The Hobbit Adventure Boardgame in this channel",
):
    """The command group; every handler is: parse options -> service -> respond."""

    game = GAME
    controller = Controller
    ai_seat = N_("AI hobbit")
    wording = {
        "new": "Open a lobby for The Hobbit Adventure Boardgame",
        "new timer": "Seconds per turn before the AI plays it for you (0 = no timer)",
        "addbot": "Host: fill a lobby seat with an AI hobbit",
        "addbot level": Option(choices=LEVELS),
        "kick": "Host: remove a player or an AI hobbit",
        "kick bot": "An AI hobbit to remove from the lobby",
        "leaderboard": "This server's Adventure leaderboard",
        "leaderboard tally": Option(choices=ORDER_CHOICES),
        "stats": "Adventure stats on this server",
        "rules": "The rules in short, one topic, or what a card does",
        "rules topic": Option(choices=TOPIC_CHOICES),
        "rules card": Option("A card: start typing its name", length=(1, 100)),
    }

    def ai_label(self, seat: Seat) -> str | None:
        return seat_label(seat)

    async def board(self, guild_id: int, edition: str | None, tally: str | None) -> BoardPage:
        return await board_page(self.bot.storage, guild_id, tally or "dragons_defeated", 0)

    def board_message(self, board: BoardPage) -> tuple[dict[str, Any], discord.ui.View]:
        return render_board(board), board_view(board)

    def feats(self) -> Feats:
        return feats

    async def stats_embed(
        self, guild_id: int, user_id: int, stats: UserStats
    ) -> Callable[[], dict[str, Any]]:
        fastest = await self.bot.storage.lowest_in_wins(guild_id, GAME, "turns")
        return lambda: render_stats(stats, fastest.get(user_id))

    async def rules_text(
        self, interaction: discord.Interaction, topic: str | None, card: str | None
    ) -> str:
        parts = [card_answer(card)] if card else []
        if topic or not card:
            parts.insert(0, rules_text(topic))
        return "\n\n".join(parts)

    async def card_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Every card of every deck by name (no game needed: the cards are no secret)."""
        return [app_commands.Choice(name=n, value=v) for n, v in card_choices(current)]

    @app_commands.command(name="pack", description="Your cards, holdings and decision buttons")
    async def pack(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.show_hand(interaction, game.id)

        await self._run(interaction, body)

    @app_commands.command(name="board", description="Re-post this channel's table at the bottom")
    async def board_command(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.post_table(interaction, game.id)

        await self._run(interaction, body)


ADVENTURE = Adventure.declared()
"""The group as declared (README, help texts and tests read it; the bot's cog has its own)."""


async def setup(bot: GameBot) -> None:
    cog = Adventure(bot)
    bind(bot, GAME, cog.ctl)  # what the game's components call on this bot
    await bot.add_cog(cog)
