"""DynamicItems: every component's state lives in its custom_id, so it works after a restart.

The items only parse the custom_id and hand the click to the controller the cog bound for
this client in the registry (`bot.platform.registry.handler`); they know no rules. custom_id
formats (all well under 100 characters):

    ll:lobby:<action>:<game>          join / leave / start (table_items.py)
    ll:hand:<game>                    "My hand" on the table
    ll:rules:<game>                   "Rules" on the table (table_items.py)
    ll:pick:<game>:<version>:<fp>:<move index>:<depth>     a card button in the hand
    ll:sel:<game>:<version>:<fp>:<move index>:<depth>      the select for the next choice

<fp> is a fingerprint of the legal-move list the indexes refer to: if it ever differs (a new
engine release between drawing and clicking), the click is treated as out of date.
    ll:dec:<game>:<version>:<keep|redraw>             the Bishop decision on the table
    ll:next:<game>:<version>          "Next round" on the table (and hands) during a round break
    ll:again:<game>                   "Rematch" on a finished game's table
    ll:lb:<guild>:<edition|all>:<order>:<page>   a leaderboard page (paging survives restarts)
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.games.loveletter.decisions import PickRef
from bot.i18n import _
from bot.platform.items import table_buttons
from bot.platform.registry import handler

GAME_NAME = "loveletter"  # this package's game, as the registry knows it


class Controller(Protocol):
    async def lobby_click(
        self, interaction: discord.Interaction, action: str, game_id: int
    ) -> None: ...
    async def hand_click(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def rules_click(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def pick(
        self, interaction: discord.Interaction, ref: PickRef, values: list[str] | None
    ) -> None: ...
    async def decide(
        self, interaction: discord.Interaction, game_id: int, version: int, choice: str
    ) -> None: ...
    async def next_round(
        self, interaction: discord.Interaction, game_id: int, version: int
    ) -> None: ...
    async def rematch_click(self, interaction: discord.Interaction, game_id: int) -> None: ...


def controller(interaction: discord.Interaction) -> Controller:
    found: Controller = handler(interaction.client, GAME_NAME)
    return found


LobbyButton, RulesButton = table_buttons("ll", GAME_NAME)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ll:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("My hand"),
                style=discord.ButtonStyle.primary,
                custom_id=f"ll:hand:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).hand_click(interaction, self.game_id)


def _ref(match: re.Match[str]) -> PickRef:
    return PickRef(
        int(match["game"]), int(match["ver"]), match["fp"], int(match["idx"]), int(match["depth"])
    )


class PickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ll:pick:(?P<game>\d+):(?P<ver>\d+):(?P<fp>[0-9a-f]{6}):(?P<idx>\d+):(?P<depth>\d+)",
):
    def __init__(
        self,
        ref: PickRef,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.success,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label[:80], style=style, custom_id=ref.custom_id("pick"), row=0)
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickButton:
        return cls(_ref(match), label=getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).pick(interaction, self.ref, None)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ll:sel:(?P<game>\d+):(?P<ver>\d+):(?P<fp>[0-9a-f]{6}):(?P<idx>\d+):(?P<depth>\d+)",
):
    def __init__(
        self,
        ref: PickRef,
        *,
        options: list[discord.SelectOption],
        placeholder: str = "Choose",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=ref.custom_id("sel"),
                options=options[:25],
                placeholder=placeholder[:150],
                row=1,
            )
        )
        self.ref = ref

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        options = list(getattr(item, "options", []) or [discord.SelectOption(label="?")])
        return cls(_ref(match), options=options)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in self.item.values]
        await controller(interaction).pick(interaction, self.ref, values)


class DecideButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ll:dec:(?P<game>\d+):(?P<ver>\d+):(?P<choice>keep|redraw)",
):
    def __init__(self, game_id: int, version: int, choice: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Keep my card") if choice == "keep" else _("Discard and redraw"),
                style=discord.ButtonStyle.secondary,
                custom_id=f"ll:dec:{game_id}:{version}:{choice}",
                row=1,
            )
        )
        self.game_id, self.version, self.choice = game_id, version, choice

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecideButton:
        return cls(int(match["game"]), int(match["ver"]), match["choice"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).decide(interaction, self.game_id, self.version, self.choice)


class NextRoundButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ll:next:(?P<game>\d+):(?P<ver>\d+)",
):
    """Ends the pause after a round; the version ties it to that one break."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Next round"),
                style=discord.ButtonStyle.primary,
                custom_id=f"ll:next:{game_id}:{version}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NextRoundButton:
        return cls(int(match["game"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).next_round(interaction, self.game_id, self.version)


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ll:again:(?P<game>\d+)"
):
    """A new lobby with the finished game's players and settings."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Rematch"),
                style=discord.ButtonStyle.success,
                custom_id=f"ll:again:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).rematch_click(interaction, self.game_id)


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    HandButton,
    RulesButton,
    PickButton,
    ChoiceSelect,
    DecideButton,
    NextRoundButton,
    RematchButton,
)


BOARD_TEMPLATE = r"ll:lb:(?P<guild>\d+):(?P<ed>[a-z0-9]+):(?P<order>[a-z_]+):(?P<page>\d+)"


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BOARD_TEMPLATE):
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
