"""What every game's command group shares: its controller, finding its game here, and the
lobby and host commands (join, leave, addbot, kick, start, end) that work alike in every game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, _
from bot.service import GameError
from bot.ui.history import show_page
from bot.ui.lobbies import refresh_lobby, show_lobby
from bot.ui.locales import in_server_language


class GameCommands:
    """Mixed into a game's cog (before `commands.Cog`): `game` names it, `controller` builds
    its controller, `ai_seat` is what its messages call an AI seat; every handler runs its
    body through `_run` for the shared error replies."""

    game: str
    controller: Any
    ai_seat: str = N_("AI")  # translated where shown

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.ctl = self.controller(bot)

    @property
    def service(self) -> Any:
        return self.bot.service

    def ai_label(self, seat: Any) -> str | None:
        """An AI seat named with its level, as this game's messages name it; None: the game's
        AI names say it all ("Expert bot 1")."""
        return None

    async def _in_channel(self, interaction: discord.Interaction) -> Any:
        return await self.service.in_channel(interaction.channel_id or 0, self.game)

    async def _running(self, interaction: discord.Interaction) -> Any:
        game = await self._in_channel(interaction)
        if game.status != "running":
            raise GameError(_("The game has not started yet."))
        interaction.extras["game_id"] = game.id
        return game

    async def _run(self, interaction: discord.Interaction, body: Any) -> None:
        await self.ctl.guarded(interaction, interaction.extras.get("game_id"), body)

    async def _lobby(self, interaction: discord.Interaction, action: str) -> None:
        """`join` or `leave` this channel's lobby."""

        async def body() -> None:
            user, channel_id = interaction.user, interaction.channel_id or 0
            if action == "join":
                game = await self.service.join(channel_id, user.id, user.display_name, self.game)
                text = _("You took seat {seat} in the lobby.", seat=len(game.seats))
            else:
                game = await self.service.leave(channel_id, user.id, self.game)
                text = _("You left the lobby.")
            await show_lobby(self.bot, interaction, game, text)

        await self._run(interaction, body)

    async def _add_bot(self, interaction: discord.Interaction, level: str | None) -> None:
        """Host: an AI of `level` (default standard) takes the next lobby seat."""

        async def body() -> None:
            game = await self.service.add_bot(
                interaction.channel_id or 0, interaction.user.id, level or "standard", self.game
            )
            seat = game.seats[-1]
            who = self.ai_label(seat) or seat.display_name
            await show_lobby(self.bot, interaction, game, _("{name} took a seat.", name=who))

        await self._run(interaction, body)

    async def _kick(
        self, interaction: discord.Interaction, user: discord.User | None, bot: str | None
    ) -> None:
        """Host: remove a user (an AI plays on in a running game) or a lobby AI."""

        async def body() -> None:
            channel_id, host = interaction.channel_id or 0, interaction.user.id
            if (user is None) == (bot is None):
                raise GameError(_("Name either a user or a bot to remove."))
            if bot is not None:
                seat = (await self._in_channel(interaction)).seat_of(bot)
                game = await self.service.remove_bot(channel_id, host, bot, self.game)
                who = self.ai_label(seat) if seat is not None else None
                if who is None:
                    text = _("The {ai} left the lobby.", ai=_(self.ai_seat))
                else:
                    text = _("{name} left the lobby.", name=who)
                await show_lobby(self.bot, interaction, game, text)
                return
            assert user is not None
            game, takeover = await self.service.kick(channel_id, host, user.id, self.game)
            if takeover:  # committed: the AI takes the turn even if this answer fails
                seat = game.seat_of(str(user.id))
                level = f" ({seat.ai_level})" if seat and self.ai_label(seat) else ""
                async with in_server_language(self.bot, interaction.guild_id):  # public
                    text = _(
                        "{user} was removed; an {ai}{level} plays their seat from now on.",
                        user=user.mention,
                        ai=_(self.ai_seat),
                        level=level,
                    )
                answer = interaction.response.send_message(
                    text, allowed_mentions=discord.AllowedMentions.none()
                )
                seated = self.bot.flow.seat_changed
                await self.ctl.answered_then(game.id, answer, lambda: seated(game.id))
            else:
                async with in_server_language(self.bot, interaction.guild_id):  # public
                    text = _("{user} was removed from the lobby.", user=user.mention)
                await show_lobby(self.bot, interaction, game, text, public=True)

        await self._run(interaction, body)

    async def _suggest(
        self,
        interaction: discord.Interaction,
        current: str,
        pairs: Callable[[Any], Iterable[tuple[str, str]]],
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from this channel's game: the (label, value) `pairs(game)` whose label
        contains `current`, as many and as long as Discord takes; none without a game."""
        try:
            game = await self._in_channel(interaction)
        except GameError:
            return []
        needle = current.lower()
        return [  # in the clicker's language: the command tree set it (bot/runtime/client.py)
            app_commands.Choice(name=label[:100], value=value)
            for label, value in pairs(game)
            if needle in label.lower()
        ][:25]

    async def _ai_seats(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete: the lobby's AI seats whose names contain `current`."""
        return await self._suggest(
            interaction,
            current,
            lambda game: ((s.display_name, s.player_id) for s in game.seats if s.user_id is None),
        )

    async def _start(self, interaction: discord.Interaction) -> None:
        """Host: start the lobby's game and post its table."""

        async def body() -> None:
            game = await self.service.start(
                interaction.channel_id or 0, interaction.user.id, kind=self.game
            )
            await refresh_lobby(self.bot, game)  # its buttons go: the game has started
            await self.ctl.start_table(interaction, game.id)

        await self._run(interaction, body)

    async def _end(self, interaction: discord.Interaction) -> None:
        """Host or Manage Server: end the channel's game; no tallies or ratings change."""

        async def body() -> None:
            perms = getattr(interaction.user, "guild_permissions", None)
            can_manage = bool(perms and perms.manage_guild)
            game = await self.service.end(
                interaction.channel_id or 0, interaction.user.id, can_manage, self.game
            )
            async with in_server_language(self.bot, interaction.guild_id):  # public
                text = _(
                    "The game was ended by {user}. Nobody's tallies or ratings change. (game {id})",
                    user=interaction.user.mention,
                    id=game.id,
                )
            await interaction.response.send_message(text)

        await self._run(interaction, body)

    async def _history(
        self, interaction: discord.Interaction, mine: bool, player: discord.User | None
    ) -> None:
        """The server's finished games of this game (or one player's), newest first."""

        async def body() -> None:
            who = player.id if player is not None else interaction.user.id if mine else None
            await show_page(interaction, self.game, who, 0, edit=False)

        await self._run(interaction, body)
