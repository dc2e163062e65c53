"""The Hobbit Adventure Boardgame's presentation for the platform
(`bot.platform.presentation.Presentation`): its messages, components and cog; its rules of the
table are `rules.RULES`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.games.adventure.items import ALL_ITEMS, BoardButton, PackButton
from bot.games.adventure.messages.board import board_picture
from bot.games.adventure.messages.glance import render_short
from bot.games.adventure.messages.lobby import lobby_message
from bot.games.adventure.messages.pack import pack_message
from bot.games.adventure.messages.table import table_message
from bot.games.adventure.models import AdvTable, Pack
from bot.games.adventure.rules import RULES, event_lines
from bot.games.adventure.text.names import card_name
from bot.games.adventure.text.waiting import deadline_text, kind_text
from bot.i18n import N_, _
from bot.platform.items import StaticView
from bot.platform.presentation import Message
from engine.adventure.state import State
from engine.api import Event
from storage import Game as GameRecord

CLOSED_DMS = N_(
    "I can't send you direct messages (your DMs are closed for this server), so I won't try "
    "again this game. Use **My pack** on the table (or `/adventure pack`) to see your cards "
    "and play."
)


class AdventurePresentation:
    rules = RULES
    command = RULES.command
    dynamic_items: Sequence[type[discord.ui.DynamicItem[Any]]] = (*ALL_ITEMS, BoardButton)
    cog = "cogs.adventure"

    # ------------------------------------------------------------ Discord messages

    def event_lines(
        self, events: Sequence[Event], record: GameRecord, viewer: str | None
    ) -> list[str]:
        return event_lines(events, record, viewer)

    def lobby_message(self, record: GameRecord) -> Message:
        return Message(*lobby_message(record))

    def table_message(self, table: AdvTable) -> Message:
        """The board picture first, the text under it short (all of it without the picture)."""
        embed, view = table_message(table)
        return Message(embed, view, (board_picture(table),), short=render_short(table))

    def hand_message(self, hand: Pack, *, reply: Sequence[str] = ()) -> Message:
        return Message(*pack_message(hand, reply=tuple(reply)))

    def ping_text(self, record: GameRecord, state: State, player_id: str) -> str | None:
        """Out of turn (a creature chased to you, a riddle put to you): a channel line."""
        pending = state.pending
        if pending is None or pending.player != player_id or player_id == state.active:
            return None
        seat = record.seat_of(player_id)
        if seat is None or seat.user_id is None:
            return None
        what = kind_text(pending.kind)
        if state.fight is not None and state.fight.chased:
            creature = card_name(state.fight.card, state.fight.deck)
            what = _("fight {creature}, chased to you", creature=creature)
        who = f"<@{seat.user_id}>"
        line = _(
            "{who}, it's your decision out of turn: {what} — open **My pack**.", who=who, what=what
        )
        return line + deadline_text(record, _("the AI decides it for you"), own=True)

    def ping_view(self, record: GameRecord) -> discord.ui.View:
        view = StaticView()
        view.add_item(PackButton(record.id))
        return view

    def dm_place(self, record: GameRecord) -> str:
        channel = f"<#{record.channel_id}>"
        return _(
            "The Hobbit Adventure Boardgame in {channel} (game {id})", channel=channel, id=record.id
        )

    def turn_text(self, record: GameRecord, state: State, player_id: str) -> str:
        """Your turn, or (a creature chased to you, a riddle put to you) a decision out of it."""
        if state.active == player_id or state.pending is None:
            text = _("It's your turn — {where}.", where=self.dm_place(record))
            then = _("the AI plays the rest of this turn for you")
            return text + deadline_text(record, then)
        what = kind_text(state.pending.kind)
        text = _(
            "It's your decision out of turn ({what}) — {where}.",
            what=what,
            where=self.dm_place(record),
        )
        return text + deadline_text(record, _("the AI decides it for you"), own=True)

    def mention_text(self, user_id: int) -> str:
        who = f"<@{user_id}>"
        return _(
            "{who}, The Hobbit Adventure Boardgame waits for you — open **My pack** on the table.",
            who=who,
        )

    def dealt_text(self, record: GameRecord, state: State, hand: Pack) -> str | None:
        return None

    def closed_dms_text(self) -> str:
        return _(CLOSED_DMS)


PRESENTATION = AdventurePresentation()
