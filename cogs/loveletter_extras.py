"""Love Letter's commands beside the game itself: `/loveletter addbot, kick, odds, settings,
leaderboard, stats`. Thin adapters (no rules, no SQL).

A mixin of the LoveLetter cog so every subcommand stays in the one `/loveletter` group. It is
built per group because the extension module (and its group) is re-created on every load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.loveletter.board_items import board_view
from bot.games.loveletter.controller import board_page
from bot.games.loveletter.feats import feats
from bot.games.loveletter.odds import player_odds
from bot.games.loveletter.render.boards import ORDERS, render_board, render_odds, render_stats
from bot.i18n import _
from bot.service import GameError
from bot.service.achievements import achievements
from bot.service.boards import RATING, user_rating, user_stats
from bot.service.seasons import user_season
from bot.ui.achievements import with_achievements
from bot.ui.delivery import respond
from bot.ui.locales import in_server_language
from bot.ui.ratings import stats_reply
from bot.ui.seasons import MAX_SEASON, show_season_board, with_season
from engine.loveletter.ai import LEVELS
from engine.loveletter.editions import EDITIONS

GAME = "loveletter"

LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
BOARD_EDITIONS = [
    app_commands.Choice(name=ed.title[:100], value=key) for key, ed in EDITIONS.items()
]
TALLY_CHOICES = [
    app_commands.Choice(name="crowns, tokens of affection or hearts", value="tally"),
    app_commands.Choice(name="games won", value="games_won"),
    app_commands.Choice(name="rounds won", value="rounds_won"),
    app_commands.Choice(name="games played", value="games_played"),
    app_commands.Choice(name="rating (all editions)", value=RATING),
]
assert [c.value for c in TALLY_CHOICES] == [*ORDERS, RATING]
ONOFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


def settings_text(bot: Any, current: Any) -> str:
    """The reader's settings, in the words of the options that change them."""
    if current.dm_enabled:
        lines = [_("Turn DMs are **on** for you.")]
    else:
        lines = [_("Turn DMs are **off** for you.")]
    if not bot.settings.pictures:
        lines.append(_("Card pictures are off on this bot: everything shows as text."))
    elif current.pictures:
        lines.append(_("Card pictures are **on** for you (your hand and DMs show your cards)."))
    else:
        lines.append(
            _(
                "Card pictures are **off** for you: your hand and DMs are text only"
                " (the table's picture stays for the others)."
            )
        )
    return "\n".join(lines)


def extras_mixin(group: app_commands.Group) -> type[commands.Cog]:
    """The mixin class whose commands are subcommands of `group`."""

    class LoveLetterExtras(commands.Cog):
        """Host seat management, odds, per-user settings and the server's memory."""

        bot: Any

        if TYPE_CHECKING:  # provided by the LoveLetter cog

            async def _run(self, interaction: discord.Interaction, body: Any) -> None: ...
            async def _running(self, interaction: discord.Interaction) -> Any: ...
            async def _add_bot(
                self, interaction: discord.Interaction, level: str | None
            ) -> None: ...
            async def _kick(
                self, interaction: discord.Interaction, user: discord.User | None, bot: str | None
            ) -> None: ...
            async def _ai_seats(
                self, interaction: discord.Interaction, current: str
            ) -> list[app_commands.Choice[str]]: ...

        @group.command(name="addbot", description="Host: fill a lobby seat with an AI")
        @app_commands.describe(level="How well the AI plays (default standard)")
        @app_commands.choices(level=LEVEL_CHOICES)
        async def addbot(
            self, interaction: discord.Interaction, level: app_commands.Choice[str] | None = None
        ) -> None:
            await self._add_bot(interaction, level.value if level else None)

        @group.command(name="kick", description="Host: remove a player or a bot")
        @app_commands.describe(
            user="The player to remove (an AI takes their seat in a running game)",
            bot="A bot to remove from the lobby",
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

        @group.command(name="odds", description="Your odds: the cards you have not seen this round")
        async def odds(self, interaction: discord.Interaction) -> None:
            async def body() -> None:
                game = await self._running(interaction)
                edition, result = await player_odds(self.bot.service, game.id, interaction.user.id)
                await respond(interaction, render_odds(edition, result), ephemeral=True)

            await self._run(interaction, body)

        @group.command(name="settings", description="Your settings: turn DMs, card pictures")
        @app_commands.describe(
            dm="Direct messages on your turn and at round start",
            pictures="Card pictures in your hand and DMs (off: text only)",
        )
        @app_commands.choices(dm=ONOFF, pictures=ONOFF)
        async def settings(
            self,
            interaction: discord.Interaction,
            dm: app_commands.Choice[str] | None = None,
            pictures: app_commands.Choice[str] | None = None,
        ) -> None:
            async def body() -> None:
                storage, user = self.bot.storage, interaction.user.id
                if dm is not None:
                    await storage.set_dm_enabled(user, dm.value == "on")
                if pictures is not None:
                    await storage.set_pictures(user, pictures.value == "on")
                current = await storage.get_user_settings(user)
                await respond(interaction, settings_text(self.bot, current), ephemeral=True)

            await self._run(interaction, body)

        @group.command(name="leaderboard", description="This server's Love Letter leaderboard")
        @app_commands.describe(
            edition="One edition (default: all)",
            tally="What to rank by",
            season="A season's table by its number (0: the running one)",
        )
        @app_commands.choices(edition=BOARD_EDITIONS, tally=TALLY_CHOICES)
        async def leaderboard(
            self,
            interaction: discord.Interaction,
            edition: app_commands.Choice[str] | None = None,
            tally: app_commands.Choice[str] | None = None,
            season: app_commands.Range[int, 0, MAX_SEASON] | None = None,
        ) -> None:
            async def body() -> None:
                if season is not None:  # a season's own table (bot/ui/seasons.py)
                    await show_season_board(self.bot, interaction, GAME, season)
                    return
                if interaction.guild_id is None:
                    raise GameError(
                        _("Leaderboards belong to a server; use this in a server channel.")
                    )
                board = await board_page(
                    self.bot.storage,
                    interaction.guild_id,
                    edition.value if edition else None,
                    tally.value if tally else "tally",
                    0,
                )
                async with in_server_language(self.bot, interaction.guild_id):  # public
                    embed, view = discord.Embed.from_dict(render_board(board)), board_view(board)
                await interaction.response.send_message(embed=embed, view=view)

            await self._run(interaction, body)

        @group.command(name="stats", description="Love Letter stats on this server")
        @app_commands.describe(user="Whose stats (default: yours)")
        async def stats(
            self, interaction: discord.Interaction, user: discord.User | None = None
        ) -> None:
            async def body() -> None:
                if interaction.guild_id is None:
                    raise GameError(_("Stats belong to a server; use this in a server channel."))
                who = user or interaction.user
                result = await user_stats(self.bot.storage, interaction.guild_id, who.id, GAME)
                rating = await user_rating(self.bot.storage, interaction.guild_id, who.id, GAME)
                running = await user_season(self.bot.storage, interaction.guild_id, who.id, GAME)
                found = await achievements(
                    self.bot.storage, interaction.guild_id, who.id, GAME, feats
                )
                async with in_server_language(self.bot, interaction.guild_id):  # public
                    shown = with_achievements(render_stats(result), GAME, found)
                    shown = with_season(shown, running)
                    reply = stats_reply(shown, rating, who.display_name)
                await interaction.response.send_message(**reply)

            await self._run(interaction, body)

    return LoveLetterExtras
