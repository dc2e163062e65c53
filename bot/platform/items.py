"""The buttons every game's lobby and table carry alike: Join / Leave / Start and Rules.

Each game keeps its own custom_id prefix (old buttons keep working) and its own controller,
so the classes are made per game by `table_buttons`; their clicks call the controller's
`lobby_click(interaction, action, game_id)` and `rules_click(interaction, game_id)`.

    <prefix>:lobby:<join|leave|start>:<game>     lobby buttons
    <prefix>:rules:<game>                        "Rules" on the table
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

import discord

from bot.i18n import N_, _
from bot.platform.registry import handler

Button = discord.ui.Button[Any]


class TableButtons(NamedTuple):
    lobby: type[discord.ui.DynamicItem[Button]]
    rules: type[discord.ui.DynamicItem[Button]]


# The lobby buttons' default labels, written when the lobby is (in the server's language).
LABELS = {"join": N_("Join"), "leave": N_("Leave"), "start": N_("Start")}


def table_buttons(prefix: str, game: str) -> TableButtons:
    """The lobby and rules button classes of `game`, whose custom_ids start `prefix:`."""

    class LobbyButton(
        discord.ui.DynamicItem[Button],
        template=rf"{prefix}:lobby:(?P<action>join|leave|start):(?P<game>\d+)",
    ):
        def __init__(
            self,
            action: str,
            game_id: int,
            *,
            label: str | None = None,
            style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        ) -> None:
            cid = f"{prefix}:lobby:{action}:{game_id}"
            super().__init__(
                discord.ui.Button(label=label or _(LABELS[action]), style=style, custom_id=cid)
            )
            self.action, self.game_id = action, game_id

        @classmethod
        async def from_custom_id(
            cls,
            interaction: discord.Interaction,
            item: discord.ui.Item[Any],
            match: re.Match[str],
            /,
        ) -> LobbyButton:
            return cls(match["action"], int(match["game"]), label=getattr(item, "label", None))

        async def callback(self, interaction: discord.Interaction) -> None:
            ctl = handler(interaction.client, game)
            await ctl.lobby_click(interaction, self.action, self.game_id)

    class RulesButton(discord.ui.DynamicItem[Button], template=rf"{prefix}:rules:(?P<game>\d+)"):
        def __init__(self, game_id: int) -> None:
            cid = f"{prefix}:rules:{game_id}"
            super().__init__(
                discord.ui.Button(
                    label=_("Rules"), style=discord.ButtonStyle.secondary, custom_id=cid
                )
            )
            self.game_id = game_id

        @classmethod
        async def from_custom_id(
            cls,
            interaction: discord.Interaction,
            item: discord.ui.Item[Any],
            match: re.Match[str],
            /,
        ) -> RulesButton:
            return cls(int(match["game"]))

        async def callback(self, interaction: discord.Interaction) -> None:
            await handler(interaction.client, game).rules_click(interaction, self.game_id)

    return TableButtons(LobbyButton, RulesButton)
