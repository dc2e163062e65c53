"""Leaderboard page buttons. The page lives in the custom_id, so paging survives restarts:

ll:lb:<guild>:<edition|all>:<order>:<page>
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.games.loveletter.items import GAME_NAME
from bot.i18n import _
from bot.platform.registry import handler
from bot.service.boards import BoardPage

TEMPLATE = r"ll:lb:(?P<guild>\d+):(?P<ed>[a-z0-9]+):(?P<order>[a-z_]+):(?P<page>\d+)"


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(
        self, guild_id: int, edition: str, order: str, page: int, *, label: str = "Next"
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"ll:lb:{guild_id}:{edition}:{order}:{page}",
            )
        )
        self.guild_id, self.edition, self.order, self.page = guild_id, edition, order, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BoardButton:
        return cls(
            int(match["guild"]),
            match["ed"],
            match["order"],
            int(match["page"]),
            label=getattr(item, "label", None) or "Next",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        edition = None if self.edition == "all" else self.edition
        clicks = handler(interaction.client, GAME_NAME)
        await clicks.page_click(interaction, self.guild_id, edition, self.order, self.page)


def board_view(page: BoardPage) -> discord.ui.View:
    """Previous / Next when the board has more than one page (none otherwise)."""
    view = discord.ui.View(timeout=None)
    if page.pages <= 1:
        return view
    ed = page.variant or "all"
    if page.page > 0:
        view.add_item(
            BoardButton(page.guild_id, ed, page.order, page.page - 1, label=_("◀ Previous"))
        )
    if page.page < page.pages - 1:
        view.add_item(BoardButton(page.guild_id, ed, page.order, page.page + 1, label=_("Next ▶")))
    return view
