"""What every game's command group shares: its controller, and finding its game here."""

from __future__ import annotations

from typing import Any

import discord

from bot.service import GameError


class GameCommands:
    """Mixed into a game's cog (before `commands.Cog`): `game` names it, `controller` builds
    its controller; every handler runs its body through `_run` for the shared error replies."""

    game: str
    controller: Any

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.ctl = self.controller(bot)

    @property
    def service(self) -> Any:
        return self.bot.service

    async def _in_channel(self, interaction: discord.Interaction) -> Any:
        return await self.service.in_channel(interaction.channel_id or 0, self.game)

    async def _running(self, interaction: discord.Interaction) -> Any:
        game = await self._in_channel(interaction)
        if game.status != "running":
            raise GameError("The game has not started yet.")
        interaction.extras["game_id"] = game.id
        return game

    async def _run(self, interaction: discord.Interaction, body: Any) -> None:
        await self.ctl.guarded(interaction, interaction.extras.get("game_id"), body)
