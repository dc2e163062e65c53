"""Love Letter's presentation for the platform (`bot.platform.presentation.Presentation`):
its messages, components and cog; its rules of the table are `rules.RULES`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.loveletter.items import ALL_ITEMS, BoardButton
from bot.games.loveletter.messages.hand import hand_message
from bot.games.loveletter.messages.lobby import lobby_message
from bot.games.loveletter.messages.table import table_message
from bot.games.loveletter.models import HandInfo, PublicTable, names_of
from bot.games.loveletter.rules import RULES
from bot.games.loveletter.text.cards import labels
from bot.games.loveletter.text.events import render_event
from bot.i18n import N_, _
from bot.platform.items import StaticView
from bot.platform.presentation import Message
from engine.api import Event
from engine.loveletter.state import GameState
from storage import Game as GameRecord

CLOSED_DMS = N_(
    "I can't send you direct messages (your DMs are closed for this server), so I won't try "
    "again this game. Use **My hand** on the table (or `/loveletter hand`) to see your cards "
    "and play."
)


class LoveLetterPresentation:
    rules = RULES
    command = RULES.command
    dynamic_items: Sequence[type[discord.ui.DynamicItem[Any]]] = (*ALL_ITEMS, BoardButton)
    cog = "cogs.loveletter"

    # ------------------------------------------------------------ Discord messages

    def event_lines(
        self, events: Sequence[Event], record: GameRecord, viewer: str | None
    ) -> list[str]:
        names = names_of(record)
        lines = (render_event(e.to_dict(), record.variant, names, viewer) for e in events)
        return [line for line in lines if line]

    def lobby_message(self, record: GameRecord) -> Message:
        return Message(*lobby_message(record))

    def table_message(self, table: PublicTable) -> Message:
        return table_message(table)

    def hand_message(self, hand: HandInfo, *, reply: Sequence[str] = ()) -> Message:
        return hand_message(hand, reply=tuple(reply))

    def ping_text(self, record: GameRecord, state: GameState, player_id: str) -> str | None:
        """Love Letter waits only for the player whose turn it is: no pings."""
        return None

    def ping_view(self, record: GameRecord) -> discord.ui.View:
        return StaticView()

    def dm_place(self, record: GameRecord) -> str:
        return _(
            "Love Letter in {channel} (game {game})",
            channel=f"<#{record.channel_id}>",
            game=record.id,
        )

    def turn_text(self, record: GameRecord, state: GameState, player_id: str) -> str:
        return _("It's your turn — {place}.", place=self.dm_place(record))

    def mention_text(self, user_id: int) -> str:
        return _(
            "{user}, it's your turn in Love Letter — open **My hand** on the table.",
            user=f"<@{user_id}>",
        )

    def dealt_text(self, record: GameRecord, state: GameState, hand: HandInfo) -> str | None:
        """The round-start DM: your card of the new round."""
        if not hand.in_round or not hand.hand:
            return None
        started = _(
            "Round {round} has started — {place}.",
            round=state.round_no,
            place=self.dm_place(record),
        )
        card = _("Your card: **{cards}**", cards=labels(record.variant, hand.hand))
        return f"{started}\n{card}"

    def closed_dms_text(self) -> str:
        return _(CLOSED_DMS)


PRESENTATION = LoveLetterPresentation()
