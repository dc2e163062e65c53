"""Nim's Discord side: its components (custom_ids `nim:...`), its controller and its
`Presentation`. Plain English texts: a test game needs no catalogue.

    nim:lobby:<join|leave|start>:<game>     lobby buttons (bot.platform.items)
    nim:rules:<game>                        "Rules" on the table
    nim:hand:<game>                         "My stones" on the table
    nim:t:<game>:<version>:<fp>:<index>     take the index-th legal number of stones
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.platform.controller import GameController
from bot.platform.decisions import DecisionRef
from bot.platform.items import StaticView, table_buttons
from bot.platform.presentation import Message, Presentation
from bot.platform.registry import handler
from bot.platform.rules import TableRules
from bot.service import StaleView, errors, player_id_for
from engine.api import Event
from storage import Game as GameRecord
from tests.games.nim.rules import RULES, NimHand, NimTable, event_lines

Button = discord.ui.Button[Any]
RULES_TEXT = "Nim: take 1, 2 or 3 stones in turn; who takes the last stone wins."
_TABLE = table_buttons("nim", "nim")
LobbyButton: Any = _TABLE.lobby  # made per game: typed as the DynamicItem they are
RulesButton: Any = _TABLE.rules


class HandButton(discord.ui.DynamicItem[Button], template=r"nim:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        cid = f"nim:hand:{game_id}"
        super().__init__(discord.ui.Button(label="My stones", custom_id=cid))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction.client, "nim").hand_click(interaction, self.game_id)


class TakeButton(
    discord.ui.DynamicItem[Button],
    template=r"nim:t:(?P<game>\d+):(?P<ver>\d+):(?P<fp>[0-9a-f]{6}):(?P<idx>\d+)",
):
    def __init__(self, game_id: int, version: int, fp: str, index: int, label: str) -> None:
        cid = f"nim:t:{game_id}:{version}:{fp}:{index}"
        style = discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=cid))
        self.ref, self.index = DecisionRef(game_id, version, fp), index

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /
    ) -> TakeButton:
        game, version, index = int(match["game"]), int(match["ver"]), int(match["idx"])
        return cls(game, version, match["fp"], index, getattr(item, "label", None) or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        await handler(interaction.client, "nim").take(interaction, self.ref, self.index)


def lobby_message(record: GameRecord) -> tuple[discord.Embed, discord.ui.View]:
    seats = "\n".join(f"{i + 1}. {s.display_name}" for i, s in enumerate(record.seats)) or "—"
    embed = discord.Embed(title="Nim — lobby", description=f"Status: {record.status}")
    embed.add_field(name=f"Players ({len(record.seats)}/4)", value=seats)
    view = StaticView()
    if record.status == "lobby":
        for action in ("join", "leave", "start"):
            view.add_item(LobbyButton(action, record.id))
    return embed, view


class NimPresentation:
    rules: TableRules = RULES
    command = RULES.command
    dynamic_items: Sequence[type[discord.ui.DynamicItem[Any]]] = (
        LobbyButton,
        RulesButton,
        HandButton,
        TakeButton,
    )
    cog = "tests.games.nim.cog"

    def event_lines(
        self, events: Sequence[Event], record: GameRecord, viewer: str | None
    ) -> list[str]:
        return event_lines(events, record, viewer)

    def lobby_message(self, record: GameRecord) -> Message:
        return Message(*lobby_message(record))

    def table_message(self, table: NimTable) -> Message:
        v = table.view
        if v.winner is not None:
            status = f"{table.names.get(v.winner, v.winner)} won the game."
        else:
            status = f"{table.names.get(v.turn or '', v.turn)} to take."
        text = "\n".join([f"Stones left: {v.heap}", status, *table.lines])
        view = StaticView()
        if v.winner is None:
            view.add_item(HandButton(table.game_id))
        view.add_item(RulesButton(table.game_id))
        return Message(discord.Embed(title="Nim", description=text), view)

    def hand_message(self, hand: NimHand, *, reply: Sequence[str] = ()) -> Message:
        ask = "Take how many?" if hand.legal else "Not your turn."
        text = "\n".join([*reply, f"Stones left: {hand.view.heap}", ask])
        view = StaticView()
        for index, take in enumerate(hand.legal):
            label = f"Take {take.stones}"
            view.add_item(TakeButton(hand.game_id, hand.version, hand.fp, index, label))
        return Message(discord.Embed(title="Your turn at Nim", description=text), view)

    def ping_text(self, record: GameRecord, state: Any, player_id: str) -> str | None:
        return None

    def ping_view(self, record: GameRecord) -> discord.ui.View:
        return StaticView()

    def dm_place(self, record: GameRecord) -> str:
        return f"Nim in <#{record.channel_id}> (game {record.id})"

    def turn_text(self, record: GameRecord, state: Any, player_id: str) -> str:
        return f"It's your turn — {self.dm_place(record)}."

    def mention_text(self, user_id: int) -> str:
        return f"<@{user_id}>, Nim waits for you — open **My stones** on the table."

    def dealt_text(self, record: GameRecord, state: Any, hand: Any) -> str | None:
        return None

    def closed_dms_text(self) -> str:
        return "Your DMs are closed: use **My stones** on the table."


PRESENTATION = NimPresentation()


class Controller(GameController):
    presentation: Presentation = PRESENTATION
    lobby_message = staticmethod(lobby_message)

    async def stale(self, interaction: discord.Interaction, stale: StaleView) -> None:
        await self.show_hand(interaction, stale.game_id, notice="That view is out of date.")

    async def rules_for(self, game_id: int) -> str:
        return RULES_TEXT

    async def take(self, interaction: discord.Interaction, ref: DecisionRef, index: int) -> None:
        """A take button: checked once by the service, then played."""

        async def body() -> None:
            player = player_id_for(interaction.user.id)
            __, __, legal = await self.service.click(ref, player)
            if not 0 <= index < len(legal):
                raise errors.Rejected("That choice is not possible now.")
            outcome = await self.service.play(ref.game_id, player, legal[index], ref.version)
            await self.after_move(interaction, outcome, edit=True)

        await self.guarded(interaction, ref.game_id, body)
