"""`/loveletter ...`: thin slash-command adapters over the game service (no rules, no SQL)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.loveletter.controller import Controller
from bot.games.loveletter.picking import autocomplete, play_named
from bot.games.loveletter.render.cards import edition_title, label
from bot.games.loveletter.render.rules import card_rule, rules_summary
from bot.i18n import _, use_locale
from bot.i18n.shown import COMMAND_DESCRIPTION, OPTION_NAME, shown_command, shown_text
from bot.platform.registry import bind
from bot.service import GameError, player_id_for
from bot.ui.lobbies import post_lobby
from bot.ui.long_text import respond_text
from cogs.base import GameCommands
from cogs.loveletter_extras import extras_mixin
from engine.loveletter.editions import EDITIONS
from engine.loveletter.editions import edition as get_edition

GAME = "loveletter"
EDITION_CHOICES = [
    app_commands.Choice(name=ed.title[:100], value=key) for key, ed in EDITIONS.items()
]
ELVES_CHOICES = [app_commands.Choice(name=v, value=v) for v in EDITIONS["hobbit"].options["elves"]]


LOVELETTER = app_commands.Group(name="loveletter", description="Play Love Letter in this channel")
LoveLetterExtras = extras_mixin(LOVELETTER)


class LoveLetter(GameCommands, LoveLetterExtras):  # type: ignore[misc, valid-type]
    """The command group; every handler is: parse options -> service -> respond."""

    group = LOVELETTER

    game = GAME
    controller = Controller

    @group.command(name="new", description="Open a Love Letter lobby in this channel")
    @app_commands.describe(
        edition="Which edition to play",
        elves="Hobbit only: how the elves work",
        timer="Seconds per turn before the AI plays it (0 = no timer)",
    )
    @app_commands.choices(edition=EDITION_CHOICES, elves=ELVES_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        edition: app_commands.Choice[str],
        elves: app_commands.Choice[str] | None = None,
        timer: app_commands.Range[int, 0, 86400] | None = None,
    ) -> None:
        async def body() -> None:
            options = {"elves": elves.value} if elves else {}
            if options and "elves" not in get_edition(edition.value).options:
                raise GameError(_("The elves option is only for the Hobbit edition."))
            user = interaction.user
            game = await self.service.new_lobby(
                interaction.guild_id or 0,
                interaction.channel_id or 0,
                user.id,
                user.display_name,
                GAME,
                edition.value,
                options,
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

    @group.command(name="start", description="Host: start the game in this channel")
    async def start(self, interaction: discord.Interaction) -> None:
        await self._start(interaction)

    @group.command(name="hand", description="Your hand, what you know, and your play buttons")
    async def hand(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.show_hand(interaction, game.id)

        await self._run(interaction, body)

    @group.command(name="play", description="Play a card (keyboard path)")
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

    @group.command(name="table", description="Re-post this channel's game table at the bottom")
    async def table(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            game = await self._running(interaction)
            await self.ctl.post_table(interaction, game.id)

        await self._run(interaction, body)

    @group.command(name="rules", description="Rules summary of this channel's edition, or one card")
    @app_commands.describe(card="One card to explain")
    async def rules(self, interaction: discord.Interaction, card: str | None = None) -> None:
        async def body() -> None:
            game = await self._in_channel(interaction)
            ed = get_edition(game.variant)
            if card is None:
                text = rules_summary(ed.id)
            elif card in ed.by_id:
                text = card_rule(ed.id, card)
            else:
                raise GameError(
                    _(
                        "{edition} has no card {card}.",
                        edition=edition_title(ed.id),
                        card=repr(card),
                    )
                )
            await respond_text(interaction, text, ephemeral=True)

        await self._run(interaction, body)

    @rules.autocomplete("card")
    async def _ac_rules_card(
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

    @group.command(name="history", description="Finished games in this server, with replays")
    @app_commands.describe(mine="Only the games you played", player="Only this player's games")
    async def history(
        self,
        interaction: discord.Interaction,
        mine: bool = False,
        player: discord.User | None = None,
    ) -> None:
        await self._history(interaction, mine, player)

    @group.command(name="help", description="What every /loveletter command does")
    async def help(self, interaction: discord.Interaction) -> None:
        async def body() -> None:
            await respond_text(interaction, help_text(self.group), ephemeral=True)

        await self._run(interaction, body)

    @group.command(name="end", description="Host or Manage Server: end this channel's game")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._end(interaction)


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


async def setup(bot: commands.Bot) -> None:
    cog = LoveLetter(bot)
    bind(bot, GAME, cog.ctl)  # what the game's components call on this bot
    await bot.add_cog(cog)
