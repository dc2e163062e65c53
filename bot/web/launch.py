"""The table message's "Open live table" button (ACTIVITY=on): its answer launches the
Activity in the channel (interaction callback type 12, discord.py's `launch_activity`), so
everyone there can open the live table; the page signs them in (bot/web/auth.py).

Its state is its custom_id (`live:open:<game>`), so it works after a restart like every
component of the bot. SimCord does not know this callback: tests/bot/web/test_launch.py
checks the answer at the HTTP level.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.i18n import _

log = logging.getLogger(__name__)
TEMPLATE = r"live:open:(?P<game>\d+)"


class LaunchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Open live table"),
                emoji="🃏",
                style=discord.ButtonStyle.primary,
                custom_id=f"live:open:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LaunchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.launch_activity()


def with_launch(view: discord.ui.View, game_id: int) -> discord.ui.View:
    """`view` with the button added (once; a full view is left as it is)."""
    if any(getattr(item, "custom_id", None) == f"live:open:{game_id}" for item in view.children):
        return view
    if len(view.children) < 25:
        view.add_item(LaunchButton(game_id))
    return view
