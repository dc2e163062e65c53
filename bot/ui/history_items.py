"""The history's buttons. Their state lives in the custom_id, so they work after a restart:

hist:<game>:<guild>:<user or 0>:<page>   a page of the finished games list
replay:o:<game id>                       open a game's replay (from the list)
replay:<f|p|n|l>:<game id>:<step>        First / Prev / Next / Last of a replay
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import _, use_locale

PAGE = r"hist:(?P<game>[a-z0-9_]+):(?P<guild>\d+):(?P<user>\d+):(?P<page>\d+)"
OPEN = r"replay:o:(?P<id>\d+)"
STEP = r"replay:(?P<tag>[fpnl]):(?P<id>\d+):(?P<step>\d+)"


def _label(item: discord.ui.Item[Any], default: str) -> str:
    return getattr(item, "label", None) or default


class PageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PAGE):
    def __init__(self, game: str, guild_id: int, user_id: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"hist:{game}:{guild_id}:{user_id}:{page}",
            )
        )
        self.game, self.guild_id, self.user_id, self.page = game, guild_id, user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(
            match["game"],
            int(match["guild"]),
            int(match["user"]),
            int(match["page"]),
            _label(item, "Page"),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui import history

        user = self.user_id or None
        with use_locale(interaction.locale):  # an ephemeral page: the clicker's language
            await history.show_page(interaction, self.game, user, self.page, edit=True)


class OpenReplay(discord.ui.DynamicItem[discord.ui.Button[Any]], template=OPEN):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Replay {id}", id=game_id),
                style=discord.ButtonStyle.primary,
                custom_id=f"replay:o:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OpenReplay:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui import history

        with use_locale(interaction.locale):  # an ephemeral replay: the clicker's language
            await history.show_step(interaction, self.game_id, 0, edit=False)


class StepButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=STEP):
    def __init__(
        self, tag: str, game_id: int, step: int, label: str, *, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"replay:{tag}:{game_id}:{step}",
                disabled=disabled,
            )
        )
        self.game_id, self.step = game_id, step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StepButton:
        return cls(match["tag"], int(match["id"]), int(match["step"]), _label(item, "Step"))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.ui import history

        with use_locale(interaction.locale):
            await history.show_step(interaction, self.game_id, self.step, edit=True)


ITEMS = (PageButton, OpenReplay, StepButton)
