"""DynamicItems of the Adventure game: each component's state lives in its custom_id, so old
buttons work after a restart. They parse the id and call the controller the cog bound for
this client (`bot.platform.registry.handler`); they know no rules. custom_id formats:

    adv:lobby:<join|leave|start>:<game>     lobby buttons (table_items.py)
    adv:pack:<game>                         "My pack" (table, channel pings)
    adv:rules:<game>                        "Rules" on the table (table_items.py)
    adv:d:<game>:<version>:<fp>:<index>     one legal decision (a button)
    adv:s:<game>:<version>:<fp>:<part>      a select of legal decisions (values: indexes)
    adv:t:<game>:<version>:<fp>:<mask>      a toggle of a prepare / reroll / buy step
    adv:go:<game>:<version>:<fp>:<mask>     submit the toggled set
    adv:undo:<game>:<version>               take back the last decision (the bounded undo)
    adv:lb:<guild>:<order>:<page>           leaderboard pages (BoardButton)

<fp> fingerprints the legal-decision list the indexes and masks refer to.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from bot.i18n import _
from bot.platform.items import table_buttons
from bot.platform.registry import handler

GAME_NAME = "adventure"
Button = discord.ui.Button[Any]
Select = discord.ui.Select[Any]


class Controller(Protocol):
    async def lobby_click(self, i: discord.Interaction, action: str, game_id: int) -> None: ...
    async def hand_click(self, i: discord.Interaction, game_id: int) -> None: ...
    async def rules_click(self, i: discord.Interaction, game_id: int) -> None: ...
    async def decide(
        self, i: discord.Interaction, game_id: int, version: int, fp: str, index: int
    ) -> None: ...
    async def toggle(
        self, i: discord.Interaction, game_id: int, version: int, fp: str, mask: int
    ) -> None: ...
    async def submit(
        self, i: discord.Interaction, game_id: int, version: int, fp: str, mask: int
    ) -> None: ...
    async def page_click(
        self, i: discord.Interaction, guild: int, order: str, page: int
    ) -> None: ...
    async def undo_click(self, i: discord.Interaction, game_id: int, version: int) -> None: ...


def controller(interaction: discord.Interaction) -> Controller:
    found: Controller = handler(interaction.client, GAME_NAME)
    return found


LobbyButton, RulesButton = table_buttons("adv", GAME_NAME)


def _label(item: discord.ui.Item[Any], default: str) -> str:
    return getattr(item, "label", None) or default


class PackButton(discord.ui.DynamicItem[Button], template=r"adv:pack:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("My pack"),
                style=discord.ButtonStyle.primary,
                custom_id=f"adv:pack:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PackButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).hand_click(interaction, self.game_id)


STEP = r"(?P<game>\d+):(?P<ver>\d+):(?P<fp>[0-9a-f]{6})"


class DecideButton(discord.ui.DynamicItem[Button], template=rf"adv:d:{STEP}:(?P<idx>\d+)"):
    def __init__(
        self,
        game_id: int,
        version: int,
        fp: str,
        index: int,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.success,
        row: int | None = None,
    ) -> None:
        cid = f"adv:d:{game_id}:{version}:{fp}:{index}"
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=cid, row=row))
        self.game_id, self.version, self.fp, self.index = game_id, version, fp, index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecideButton:
        return cls(
            int(match["game"]),
            int(match["ver"]),
            match["fp"],
            int(match["idx"]),
            label=_label(item, "?"),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).decide(
            interaction, self.game_id, self.version, self.fp, self.index
        )


class DecideSelect(discord.ui.DynamicItem[Select], template=rf"adv:s:{STEP}:(?P<part>\d+)"):
    def __init__(
        self,
        game_id: int,
        version: int,
        fp: str,
        part: int,
        *,
        options: list[discord.SelectOption],
        placeholder: str = "Choose",
        row: int | None = None,
    ) -> None:
        cid = f"adv:s:{game_id}:{version}:{fp}:{part}"
        super().__init__(
            discord.ui.Select(
                custom_id=cid, options=options[:25], placeholder=placeholder[:150], row=row
            )
        )
        self.game_id, self.version, self.fp, self.part = game_id, version, fp, part

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DecideSelect:
        options = list(getattr(item, "options", []) or [discord.SelectOption(label="?")])
        return cls(
            int(match["game"]), int(match["ver"]), match["fp"], int(match["part"]), options=options
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        values = [str(v) for v in self.item.values]
        if len(values) != 1 or not values[0].isdigit():
            await controller(interaction).decide(
                interaction, self.game_id, self.version, self.fp, -1
            )
            return
        await controller(interaction).decide(
            interaction, self.game_id, self.version, self.fp, int(values[0])
        )


class ToggleButton(discord.ui.DynamicItem[Button], template=rf"adv:t:{STEP}:(?P<mask>\d+)"):
    """Switch one die / card of the step on or off: the custom_id holds the resulting mask."""

    def __init__(
        self,
        game_id: int,
        version: int,
        fp: str,
        mask: int,
        *,
        label: str,
        on: bool = False,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        style = discord.ButtonStyle.primary if on else discord.ButtonStyle.secondary
        cid = f"adv:t:{game_id}:{version}:{fp}:{mask}"
        button: Button = discord.ui.Button(
            label=label[:80], style=style, custom_id=cid, disabled=disabled, row=row
        )
        super().__init__(button)
        self.game_id, self.version, self.fp, self.mask = game_id, version, fp, mask

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ToggleButton:
        return cls(
            int(match["game"]),
            int(match["ver"]),
            match["fp"],
            int(match["mask"]),
            label=_label(item, "?"),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).toggle(
            interaction, self.game_id, self.version, self.fp, self.mask
        )


class SubmitButton(discord.ui.DynamicItem[Button], template=rf"adv:go:{STEP}:(?P<mask>\d+)"):
    def __init__(
        self,
        game_id: int,
        version: int,
        fp: str,
        mask: int,
        *,
        label: str,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        cid = f"adv:go:{game_id}:{version}:{fp}:{mask}"
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.success,
                custom_id=cid,
                disabled=disabled,
                row=row,
            )
        )
        self.game_id, self.version, self.fp, self.mask = game_id, version, fp, mask

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SubmitButton:
        return cls(
            int(match["game"]),
            int(match["ver"]),
            match["fp"],
            int(match["mask"]),
            label=_label(item, "Go"),
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).submit(
            interaction, self.game_id, self.version, self.fp, self.mask
        )


# The leaderboard's page buttons: the page lives in the custom_id, so paging survives restarts.
class UndoButton(discord.ui.DynamicItem[Button], template=r"adv:undo:(?P<game>\d+):(?P<ver>\d+)"):
    """Take back the hobbit's last decision (issue 45, the bounded undo); the version is the
    pack's, so an Undo on an older pack is out of date."""

    def __init__(self, game_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Undo"),
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=f"adv:undo:{game_id}:{version}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["ver"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await controller(interaction).undo_click(interaction, self.game_id, self.version)


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


ALL_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    PackButton,
    RulesButton,
    DecideButton,
    DecideSelect,
    ToggleButton,
    SubmitButton,
    UndoButton,
)
