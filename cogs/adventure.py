"""`/adventure ...`: thin slash-command adapters over the game service (no rules, no SQL)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.adventure.boards import (
    ORDER_NAMES,
    board_page,
    board_view,
    render_board,
    render_stats,
)
from bot.games.adventure.cardlookup import card_answer, card_choices
from bot.games.adventure.controller import Controller
from bot.games.adventure.feats import feats
from bot.games.adventure.names import seat_label
from bot.games.adventure.rules import TOPICS, rules_text
from bot.games.registry import bind
from bot.i18n import N_, _
from bot.service import GameError
from bot.service.achievements import achievements
from bot.service.boards import user_rating, user_stats
from bot.service.seasons import user_season
from bot.ui.achievements import with_achievements
from bot.ui.lobbies import post_lobby
from bot.ui.locales import in_server_language
from bot.ui.long_text import respond_text
from bot.ui.ratings import stats_reply
from bot.ui.seasons import MAX_SEASON, show_season_board, with_season
from cogs.base import GameCommands
from engine.adventure import GAME as RULES

GAME = "adventure"
LEVELS = [app_commands.Choice(name=level, value=level) for level in RULES.ai_levels]
TOPIC_CHOICES = [app_commands.Choice(name=t, value=t) for t in TOPICS]
ORDER_CHOICES = [app_commands.Choice(name=n, value=k) for k, n in ORDER_NAMES.items()]

ADVENTURE = app_commands.Group(
    name="adventure", description="Play The Hobbit Adventure Boardgame in this channel"
)


class Adventure(GameCommands, commands.Cog):
    """The command group; every handler is: parse options -> service -> respond."""

    group = ADVENTURE

    game = GAME
    controller = Controller
    ai_seat = N_("AI hobbit")

    def ai_label(self, seat: Any) -> str | None:
        return seat_label(seat)

    @group.command(name="new", description="Open a lobby for The Hobbit Adventure Boardgame")
    @app_commands.describe(timer="Seconds per turn before the AI plays it for you (0 = no timer)")
    async def new(
        self,
        interaction: discord.Interaction,
        timer: app_commands.Range[int, 0, 86400] | None = None,
    ) -> None:
        async def body() -> None:
            user = interaction.user
            game = await self.service.new_lobby(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                user.id,
                user.display_name,
                GAME,
                "classic",
                {},
                self.bot.settings.turn_timer_seconds if timer is None else timer,
            )
            await post_lobby(self.bot, interaction, game)

        await self._run(interaction, body)

    @group.command(name="join", description="Take a seat in this channel's lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        await self._lobby(interaction, "join")

    @group.command(name="leave", description="Leave this channel's lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._lobby(interaction, "leave")

    @group.command(name="addbot", description="Host: fill a lobby seat with an AI hobbit")
    @app_commands.describe(level="How well the AI plays (default standard)")
    @app_commands.choices(level=LEVELS)
    async def addbot(
        self, interaction: discord.Interaction, level: app_commands.Choice[str] | None = None
    ) -> None:
        await self._add_bot(interaction, level.value if level else None)

    @group.command(name="kick", description="Host: remove a player or an AI hobbit")
    @app_commands.describe(
        user="The player to remove (an AI takes their seat in a running game)",
        bot="An AI hobbit to remove from the lobby",
    )
    async def kick(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        bot: str | None = None,
    ) -> None:
        await self._kick(interaction, user, bot)

    @kick.autocomplete("bot")
    async def _ac_bot(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._ai_seats(interaction, current)

    @group.command(name="start", description="Host: start the game in this channel")
    async def start(self, interaction: discord.Interaction) -> None:
        await self._start(interaction)

    @group.command(name="pack", description="Your cards, holdings and decision buttons")
    async def pack(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.show_pack(interaction, game.id)

        await self._run(interaction, body)

    @group.command(name="history", description="Finished games in this server, with replays")
    @app_commands.describe(mine="Only the games you played", player="Only this player's games")
    async def history(
        self,
        interaction: discord.Interaction,
        mine: bool = False,
        player: discord.User | None = None,
    ) -> None:
        await self._history(interaction, mine, player)

    @group.command(name="board", description="Re-post this channel's table at the bottom")
    async def board(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.post_table(interaction, game.id)

        await self._run(interaction, body)

    @group.command(name="rules", description="The rules in short, one topic, or what a card does")
    @app_commands.describe(topic="One part of the rules", card="A card: start typing its name")
    @app_commands.choices(topic=TOPIC_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction,
        topic: app_commands.Choice[str] | None = None,
        card: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        async def body() -> None:
            parts = [card_answer(card)] if card else []
            if topic or not card:
                parts.insert(0, rules_text(topic.value if topic else None))
            await respond_text(interaction, "\n\n".join(parts), ephemeral=True)

        await self._run(interaction, body)

    @rules.autocomplete("card")
    async def _ac_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Every card of every deck by name (no game needed: the cards are no secret)."""
        return [app_commands.Choice(name=n, value=v) for n, v in card_choices(current)]

    @group.command(name="end", description="Host or Manage Server: end this channel's game")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._end(interaction)

    @group.command(name="leaderboard", description="This server's Adventure leaderboard")
    @app_commands.describe(
        tally="What to rank by", season="A season's table by its number (0: the running one)"
    )
    @app_commands.choices(tally=ORDER_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        tally: app_commands.Choice[str] | None = None,
        season: app_commands.Range[int, 0, MAX_SEASON] | None = None,
    ) -> None:
        async def body() -> None:
            if season is not None:  # a season's own table (bot/ui/seasons.py)
                await show_season_board(self.bot, interaction, GAME, season)
                return
            if interaction.guild_id is None:
                raise GameError(_("Leaderboards belong to a server; use this in a server channel."))
            order = tally.value if tally else "dragons_defeated"
            board = await board_page(self.bot.storage, interaction.guild_id, order, 0)
            async with in_server_language(self.bot, interaction.guild_id):  # public
                embed, view = discord.Embed.from_dict(render_board(board)), board_view(board)
            await interaction.response.send_message(embed=embed, view=view)

        await self._run(interaction, body)

    @group.command(name="stats", description="Adventure stats on this server")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        async def body() -> None:
            if interaction.guild_id is None:
                raise GameError(_("Stats belong to a server; use this in a server channel."))
            who = user or interaction.user
            result = await user_stats(self.bot.storage, interaction.guild_id, who.id, GAME)
            fastest = await self.bot.storage.lowest_in_wins(interaction.guild_id, GAME, "turns")
            rating = await user_rating(self.bot.storage, interaction.guild_id, who.id, GAME)
            running = await user_season(self.bot.storage, interaction.guild_id, who.id, GAME)
            found = await achievements(self.bot.storage, interaction.guild_id, who.id, GAME, feats)
            async with in_server_language(self.bot, interaction.guild_id):  # public
                embed = with_achievements(render_stats(result, fastest.get(who.id)), GAME, found)
                embed = with_season(embed, running)
                reply = stats_reply(embed, rating, who.display_name)
            await interaction.response.send_message(**reply)

        await self._run(interaction, body)


async def setup(bot: commands.Bot) -> None:
    cog = Adventure(bot)
    bind(bot, GAME, cog.ctl)  # what the game's components call on this bot
    await bot.add_cog(cog)
