"""The buttons every game's lobby and table carry alike: Join / Leave / Start and Rules.

Each game keeps its own custom_id prefix (old buttons keep working) and its own controller,
so the classes are made per game by `table_buttons`; their clicks call the controller's
`lobby_click(interaction, action, game_id)` and `rules_click(interaction, game_id)`.

    <prefix>:lobby:<join|leave|start>:<game>     lobby buttons
    <prefix>:rules:<game>                        "Rules" on the table
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, NamedTuple, Self

import discord

from bot.i18n import N_, _
from bot.platform.registry import handler

Button = discord.ui.Button[Any]


# The lobby buttons' default labels, written when the lobby is (in the server's language).
LABELS = {"join": N_("Join"), "leave": N_("Leave"), "start": N_("Start")}

# The bases below are never registered (`add_dynamic_items` takes the per-game classes that
# `table_buttons` makes); their template only satisfies DynamicItem's class keyword.
_NO_MATCH = r"(?!)"


class GameButton(discord.ui.DynamicItem[Button], template=_NO_MATCH):
    """A button every game's table carries; `table_buttons` sets its game and custom_id prefix."""

    prefix: ClassVar[str]
    game: ClassVar[str]

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match, item)

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> Self:
        """The button again from its custom_id's `match` (and the clicked `item`)."""
        raise NotImplementedError


class LobbyButton(GameButton, template=_NO_MATCH):
    """Join / Leave / Start in a lobby."""

    def __init__(
        self,
        action: str,
        game_id: int,
        *,
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        cid = f"{self.prefix}:lobby:{action}:{game_id}"
        super().__init__(
            discord.ui.Button(label=label or _(LABELS[action]), style=style, custom_id=cid)
        )
        self.action, self.game_id = action, game_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> Self:
        return cls(match["action"], int(match["game"]), label=getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        ctl = handler(interaction.client, self.game)
        await ctl.lobby_click(interaction, self.action, self.game_id)


class RulesButton(GameButton, template=_NO_MATCH):
    """ "Rules" on a table."""

    def __init__(self, game_id: int) -> None:
        cid = f"{self.prefix}:rules:{game_id}"
        super().__init__(
            discord.ui.Button(label=_("Rules"), style=discord.ButtonStyle.secondary, custom_id=cid)
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> Self:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction.client, self.game).rules_click(interaction, self.game_id)


class TableButtons(NamedTuple):
    lobby: type[LobbyButton]
    rules: type[RulesButton]


def table_buttons(prefix: str, game: str) -> TableButtons:
    """The lobby and rules button classes of `game`, whose custom_ids start `prefix:`."""

    class GameLobbyButton(
        LobbyButton, template=rf"{prefix}:lobby:(?P<action>join|leave|start):(?P<game>\d+)"
    ):
        pass

    class GameRulesButton(RulesButton, template=rf"{prefix}:rules:(?P<game>\d+)"):
        pass

    for made in (GameLobbyButton, GameRulesButton):
        made.prefix, made.game = prefix, game
    return TableButtons(GameLobbyButton, GameRulesButton)


class StaticView(discord.ui.View):
    """A view already stopped, made to be sent: every item on it is a DynamicItem the bot
    dispatches by custom_id (`add_dynamic_items`), so discord.py need not keep the view (kept,
    each ephemeral hand would hold a 15-minute timeout task, and every table and DM view a
    ViewStore entry) and no item needs to reach back to it.

    So an item is added without its back-reference to the view: the view and its items make
    no reference cycle, and a message's view is freed with the message instead of waiting
    for the garbage collector (issue 44: a table and a hand view a move were about ten
    objects of cyclic garbage a move, each collection's work).
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()

    def add_item(self, item: discord.ui.Item[Any]) -> Self:
        super().add_item(item)
        item._update_view(None)  # what View.remove_item does: the item forgets the view
        return self
