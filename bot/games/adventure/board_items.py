"""The leaderboard's page buttons (`adv:lb:<guild>:<order>:<page>`): the page lives in the
custom_id, so paging survives restarts."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.adventure.items import Button, _label, controller
from bot.i18n import _


class BoardButton(
    discord.ui.DynamicItem[Button],
    template=r"adv:lb:(?P<guild>\d+):(?P<order>[a-z_]+):(?P<page>\d+)",
):
    def __init__(self, guild_id: int, order: str, page: int, *, label: str = "") -> None:
        label = label or _("Next")
        cid = f"adv:lb:{guild_id}:{order}:{page}"
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, custom_id=cid)
        )
        self.guild_id, self.order, self.page = guild_id, order, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(
            int(match["guild"]), match["order"], int(match["page"]), label=_label(item, _("Next"))
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).page_click(interaction, self.guild_id, self.order, self.page)
