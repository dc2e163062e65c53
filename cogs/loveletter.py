"""`/loveletter ...`: thin slash-command adapters over the game service (no rules, no SQL).

The shared commands (new, join, …, rules) are `cogs.base.GameCog`'s, worded here for Love
Letter; its own are hand, play, table, odds, help and the old settings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.games.loveletter.controller import Controller, board_page
from bot.games.loveletter.decisions import autocomplete, play_named
from bot.games.loveletter.feats import feats
from bot.games.loveletter.leaderboard import ORDERS, board_view, render_board, render_stats
from bot.games.loveletter.messages.rules import card_rule, rules_summary
from bot.games.loveletter.models import player_odds
from bot.games.loveletter.text.cards import edition_title, label
from bot.games.loveletter.text.odds import render_odds
from bot.i18n import _, use_locale
from bot.i18n.shown import (
    COMMAND_DESCRIPTION,
    OPTION_NAME,
    shown_command,
    shown_paths,
    shown_text,
)
from bot.platform.registry import bind
from bot.runtime.client import GameBot
from bot.service import GameError, player_id_for
from bot.service.achievements import Feats
from bot.service.boards import RATING, BoardPage
from bot.service.records import UserStats
from bot.ui.delivery import respond
from bot.ui.long_text import respond_text
from cogs.base import GameCog
from cogs.tabletop import change_settings, settings_options
from cogs.wording import Option
from engine.loveletter.ai import LEVELS
from engine.loveletter.editions import EDITIONS
from engine.loveletter.editions import edition as get_edition

GAME = "loveletter"
EDITION_CHOICES = [
    app_commands.Choice(name=ed.title[:100], value=key) for key, ed in EDITIONS.items()
]
ELVES_CHOICES = [app_commands.Choice(name=v, value=v) for v in EDITIONS["hobbit"].options["elves"]]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
TALLY_CHOICES = [
    app_commands.Choice(name="crowns, tokens of affection or hearts", value="tally"),
    app_commands.Choice(name="games won", value="games_won"),
    app_commands.Choice(name="rounds won", value="rounds_won"),
    app_commands.Choice(name="games played", value="games_played"),
    app_commands.Choice(name="rating (all editions)", value=RATING),
]
assert [c.value for c in TALLY_CHOICES] == [*ORDERS, RATING]


class LoveLetter(
    GameCog, group_name="loveletter", group_description="Play Love Letter in this channel"
):
    """The command group; every handler is: parse options -> service -> respond."""

    game = GAME
    controller = Controller
    wording = {
        "new": "Open a Love Letter lobby in this channel",
        "new edition": Option("Which edition to play", EDITION_CHOICES, required=True),
        "new setting": Option("Hobbit only: how the elves work", ELVES_CHOICES, name="elves"),
        "addbot level": Option(choices=LEVEL_CHOICES),
        "leaderboard": "This server's Love Letter leaderboard",
        "leaderboard edition": Option(choices=EDITION_CHOICES),
        "leaderboard tally": Option(choices=TALLY_CHOICES),
        "stats": "Love Letter stats on this server",
        "rules": "Rules summary of this channel's edition, or one card",
    }

    def lobby_options(self, edition: str | None, setting: str | None) -> tuple[str, dict[str, str]]:
        assert edition is not None  # required
        options = {"elves": setting} if setting else {}
        if options and "elves" not in get_edition(edition).options:
            raise GameError(_("The elves option is only for the Hobbit edition."))
        return edition, options

    async def board(self, guild_id: int, edition: str | None, tally: str | None) -> BoardPage:
        return await board_page(self.bot.storage, guild_id, edition, tally or "tally", 0)

    def board_message(self, board: BoardPage) -> tuple[dict[str, Any], discord.ui.View]:
        return render_board(board), board_view(board)

    def feats(self) -> Feats:
        return feats

    async def stats_embed(
        self, guild_id: int, user_id: int, stats: UserStats
    ) -> Callable[[], dict[str, Any]]:
        return lambda: render_stats(stats)

    async def rules_text(
        self, interaction: discord.Interaction, topic: str | None, card: str | None
    ) -> str:
        game = await self._in_channel(interaction)
        ed = get_edition(game.variant)
        if card is None:
            return rules_summary(ed.id)
        if card in ed.by_id:
            return card_rule(ed.id, card)
        raise GameError(
            _("{edition} has no card {card}.", edition=edition_title(ed.id), card=repr(card))
        )

    async def card_suggestions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        with use_locale(interaction.locale):  # the card names as this player reads them
            return await self._suggest(
                interaction,
                current,
                lambda game: [
                    (label(game.variant, c.id), c.id) for c in get_edition(game.variant).cards
                ],
            )

    @app_commands.command(
        name="hand", description="Your hand, what you know, and your play buttons"
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.show_hand(interaction, game.id)

        await self._run(interaction, body)

    @app_commands.command(name="play", description="Play a card (keyboard path)")
    @app_commands.describe(
        card="The card to play", target="The player to choose", guess="The card or value to name"
    )
    async def play(
        self,
        interaction: discord.Interaction,
        card: str,
        target: str | None = None,
        guess: str | None = None,
    ) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            player = player_id_for(interaction.user.id)
            outcome = await play_named(self.service, game.id, player, card, target, guess)
            await self.ctl.after_move(interaction, outcome, edit=False)

        await self._run(interaction, body)

    @play.autocomplete("card")
    async def _ac_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "card", current)

    @play.autocomplete("target")
    async def _ac_target(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "target", current)

    @play.autocomplete("guess")
    async def _ac_guess(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, "guess", current)

    async def _choices(
        self, interaction: discord.Interaction, field: str, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            game = await self._running(interaction)
            game, state = await self.service.running(game.id)
            self.service.refuse_in_pause(game, state)  # nothing to offer before the next round
        except GameError:
            return []
        names = {s.player_id: s.display_name for s in game.seats}
        ns = interaction.namespace
        with use_locale(interaction.locale):  # the card names as this player reads them
            pairs = autocomplete(
                state,
                game.variant,
                names,
                player_id_for(interaction.user.id),
                field,
                getattr(ns, "card", None) or None,
                getattr(ns, "target", None) or None,
            )
        needle = current.lower()
        return [
            app_commands.Choice(name=label[:100], value=value)
            for label, value in pairs
            if needle in label.lower() or needle in value.lower()
        ][:25]

    @app_commands.command(
        name="table", description="Re-post this channel's game table at the bottom"
    )
    async def table(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.post_table(interaction, game.id)

        await self._run(interaction, body)

    @app_commands.command(
        name="odds", description="Your odds: the cards you have not seen this round"
    )
    async def odds(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            edition, result = await player_odds(self.bot.service, game.id, interaction.user.id)
            await respond(interaction, render_odds(edition, result), ephemeral=True)

        await self._run(interaction, body)

    @app_commands.command(name="settings", description="Your settings: turn DMs, card pictures")
    @settings_options
    async def settings(
        self,
        interaction: discord.Interaction,
        dm: app_commands.Choice[str] | None = None,
        pictures: app_commands.Choice[str] | None = None,
    ) -> None:
        """Kept for the players who know it; the settings serve every game, so the answer
        says they now live in `/tabletop settings`."""

        async def body() -> None:
            text = await change_settings(self.bot, interaction, dm, pictures)
            # The path in English, as the reader's Discord names it (German: einstellungen).
            moved = shown_paths(
                _("These settings now live in `/tabletop settings` and serve every game.")
            )
            await respond(interaction, f"{text}\n{moved}", ephemeral=True)

        await self._run(interaction, body)

    @app_commands.command(name="help", description="What every /loveletter command does")
    async def help(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await respond_text(interaction, help_text(self.group), ephemeral=True)

        await self._run(interaction, body)


LOVELETTER = LoveLetter.declared()
"""The group as declared (README, help texts and tests read it; the bot's cog has its own)."""


def usages(group: app_commands.Group) -> list[tuple[str, str]]:
    """(`/loveletter new <edition> [elves] [timer]`, its description) for every subcommand, as
    the reader's Discord names and describes them (German: `/loveletter neu <ausgabe> …`; in
    English outside any reader's locale, as the README lists them), by name."""
    out = []
    for command in group.commands:
        options = " ".join(
            ("<{}>" if p.required else "[{}]").format(shown_text(p.display_name, OPTION_NAME))
            for p in getattr(command, "parameters", [])
        )
        usage = "/" + shown_command(f"{group.name} {command.name}")
        out.append(
            (f"{usage} {options}".strip(), shown_text(command.description, COMMAND_DESCRIPTION))
        )
    return sorted(out)


def help_text(group: app_commands.Group) -> str:
    """One line per subcommand, from what Discord shows the reader, so it never drifts: the
    names a German client types and the descriptions it shows (the `commands` catalogue)."""
    lines = [
        _("**/{command}** — play Love Letter in this channel:", command=shown_command(group.name))
    ]
    lines += [f"`{usage}` — {description}" for usage, description in usages(group)]
    lines.append(
        _("On the table: **My hand** shows your cards and play buttons; **Rules** the deck.")
    )
    return "\n".join(lines)


async def setup(bot: GameBot) -> None:
    cog = LoveLetter(bot)
    bind(bot, GAME, cog.ctl)  # what the game's components call on this bot
    await bot.add_cog(cog)
