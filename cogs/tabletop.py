"""`/tabletop ...`: the bot's settings, whatever game is played.

`/tabletop language` sets the language of the bot's public messages in a server (lobbies,
tables, results, notices, leaderboards) for everyone; each player's own answers and DMs keep
their own Discord language. Only server managers may use it (Manage Server), checked here: the
group also holds `/tabletop settings`, every player's own settings (turn DMs, card pictures;
they serve every game), and Discord gives a group one default permission for all its
subcommands, so the group is no longer hidden from the others.

`/tabletop season start|end|status` runs seasons of one game here (bot/service/seasons.py):
start and end for managers (checked again here too), status for anyone allowed the command.

`/tabletop tournament new|status|withdraw|cancel` runs tournaments (bot/ui/tournaments.py):
`game`, `seats` and `rounds` are typed, not chosen, so a wrong value gets the bot's own one
line rather than Discord's; the sign-up message's buttons are registered here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import ENGLISH, GERMAN, N_, _
from bot.runtime.client import GameBot
from bot.service.records import UserSettings
from bot.service.seasons import MAX_DAYS
from bot.ui import season_commands, tournament_commands
from bot.ui.delivery import respond
from bot.ui.season_commands import GAME_CHOICES
from bot.ui.tournament_commands import FORMAT_CHOICES, game_names
from bot.ui.tournaments import TourneyButton

P = ParamSpec("P")
R = TypeVar("R")
DEFAULT = "default"  # the choice that clears the setting: the server's Discord language
LANGUAGE_CHOICES = [
    app_commands.Choice(name="Deutsch (German)", value=GERMAN),
    app_commands.Choice(name="English", value=ENGLISH),
    app_commands.Choice(name="Server default", value=DEFAULT),
]
# Each language named in itself, so a reader sees which one they chose.
NAMES = {GERMAN: "Deutsch", ENGLISH: "English"}
MANAGERS_ONLY = N_("Only members with **Manage Server** can change the bot's language here.")
ONOFF = [app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")]


def settings_options(callback: Callable[P, R]) -> Callable[P, R]:
    """A settings command's `dm` and `pictures` options, described, with their choices."""
    described = app_commands.describe(
        dm="Direct messages on your turn and at round start",
        pictures="Card pictures in your hand and DMs (off: text only)",
    )
    return described(app_commands.choices(dm=ONOFF, pictures=ONOFF)(callback))


def settings_text(bot: GameBot, current: UserSettings) -> str:
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


async def change_settings(
    bot: GameBot,
    interaction: discord.Interaction,
    dm: app_commands.Choice[str] | None,
    pictures: app_commands.Choice[str] | None,
) -> str:
    """Store what the clicker chose (nothing: just show) and say what their settings are."""
    storage, user = bot.storage, interaction.user.id
    if dm is not None:
        await storage.set_dm_enabled(user, dm.value == "on")
    if pictures is not None:
        await storage.set_pictures(user, pictures.value == "on")
    return settings_text(bot, await storage.get_user_settings(user))


class Tabletop(commands.GroupCog, group_name="tabletop", group_description="The bot's settings"):
    """The bot's settings; each handler answers ephemerally in the clicker's locale."""

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TourneyButton)  # the sign-up buttons, after a restart too

    @app_commands.command(
        name="language", description="The language of the bot's public messages in this server"
    )
    @app_commands.describe(language="German, English, or the server's own Discord language")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self, interaction: discord.Interaction, language: app_commands.Choice[str]
    ) -> None:
        # Answered in the manager's own locale (the command tree sets it: bot/runtime/client.py).
        guild_id = interaction.guild_id
        perms = getattr(interaction.user, "guild_permissions", None)
        if guild_id is None or not (perms and perms.manage_guild):
            await respond(interaction, _(MANAGERS_ONLY), ephemeral=True)
            return
        chosen = None if language.value == DEFAULT else language.value
        await self.bot.languages.choose(guild_id, chosen)
        await respond(interaction, self._answer(guild_id, chosen), ephemeral=True)

    @app_commands.command(
        name="settings", description="Your settings in every game: turn DMs, card pictures"
    )
    @settings_options
    async def settings(
        self,
        interaction: discord.Interaction,
        dm: app_commands.Choice[str] | None = None,
        pictures: app_commands.Choice[str] | None = None,
    ) -> None:
        text = await change_settings(self.bot, interaction, dm, pictures)
        await respond(interaction, text, ephemeral=True)

    # --- seasons (issue 45): `/tabletop season start|end|status`, bot/service/seasons.py ---
    season = app_commands.Group(name="season", description="Seasons of a game in this server")

    @season.command(name="start", description="Start a season of a game here")
    @app_commands.describe(game="Which game", days="Its length in days (default: until ended)")
    @app_commands.choices(game=GAME_CHOICES)
    async def season_start(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        days: app_commands.Range[int, 1, MAX_DAYS] | None = None,
    ) -> None:
        await season_commands.start(self.bot, interaction, game.value, days)

    @season.command(name="end", description="End the running season of a game here")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def season_end(
        self, interaction: discord.Interaction, game: app_commands.Choice[str]
    ) -> None:
        await season_commands.end(self.bot, interaction, game.value)

    @season.command(name="status", description="The running (or last) season of a game here")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def season_status(
        self, interaction: discord.Interaction, game: app_commands.Choice[str]
    ) -> None:
        await season_commands.status(self.bot, interaction, game.value)

    # --- end of seasons ---

    # --- tournaments (issue 45): bot/ui/tournament_commands.py, bot/service/tournaments ---
    tournament = app_commands.Group(name="tournament", description="Tournaments in this server")

    @tournament.command(name="new", description="Open a tournament here (players sign up)")
    @app_commands.describe(
        game="Which game",
        format="Swiss (paired by score and rating) or round-robin (everyone meets everyone)",
        seats="Players a table (2: head to head)",
        rounds="How many rounds (default: as many as the players need)",
        ai="Whether AI seats fill tables (default: no)",
    )
    @app_commands.choices(format=FORMAT_CHOICES)
    @app_commands.autocomplete(game=game_names)
    async def tournament_new(
        self,
        interaction: discord.Interaction,
        game: str,
        format: app_commands.Choice[str],
        seats: int,
        rounds: int | None = None,
        ai: bool = False,
    ) -> None:
        await tournament_commands.new(self.bot, interaction, game, format.value, seats, rounds, ai)

    @tournament.command(name="status", description="A tournament's round, tables and standings")
    @app_commands.describe(number="The tournament's number (default: the newest open one)")
    async def tournament_status(
        self, interaction: discord.Interaction, number: int | None = None
    ) -> None:
        await tournament_commands.status(self.bot, interaction, number)

    @tournament.command(name="withdraw", description="Leave a tournament")
    @app_commands.describe(number="The tournament's number (default: the newest open one)")
    async def tournament_withdraw(
        self, interaction: discord.Interaction, number: int | None = None
    ) -> None:
        await tournament_commands.withdraw(self.bot, interaction, number)

    @tournament.command(name="cancel", description="Organiser or Manage Server: cancel one")
    @app_commands.describe(number="The tournament's number (default: the newest open one)")
    async def tournament_cancel(
        self, interaction: discord.Interaction, number: int | None = None
    ) -> None:
        await tournament_commands.cancel(self.bot, interaction, number)

    # --- end of tournaments ---

    def _answer(self, guild_id: int, chosen: str | None) -> str:
        """What public messages here are written in from now on."""
        if chosen is not None:
            return _(
                "From now on the bot's public messages in this server (lobbies, tables,"
                " results, leaderboards) are in {language}. Everyone's own answers and DMs"
                " stay in their Discord language.",
                language=NAMES[chosen],
            )
        own = NAMES.get(self.bot.languages.discord_default(guild_id), NAMES[ENGLISH])
        return _(
            "From now on the bot's public messages in this server follow the server's Discord"
            " language (now {language}). Everyone's own answers and DMs stay in their Discord"
            " language.",
            language=own,
        )


async def setup(bot: GameBot) -> None:
    await bot.add_cog(Tabletop(bot))
