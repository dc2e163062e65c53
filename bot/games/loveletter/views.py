"""Build discord Views + Embeds from the service's read models. No rules: the options offered
are exactly the values `bot.games.loveletter.choices` found in `engine.legal_moves`."""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.games.loveletter.choices import VERSION, Step, card_options
from bot.games.loveletter.items import (
    ChoiceSelect,
    DecideButton,
    HandButton,
    LobbyButton,
    NextRoundButton,
    PickButton,
    RematchButton,
    RulesButton,
)
from bot.games.loveletter.picking import PickRef
from bot.games.loveletter.pictures import hand_png, table_png
from bot.games.loveletter.render.cards import ASK, ask_text, choice_label, label, labels
from bot.games.loveletter.render.glance import picture_alt, render_short
from bot.games.loveletter.render.hand import render_hand
from bot.games.loveletter.render.lobby import render_lobby
from bot.games.loveletter.render.table import render_table
from bot.games.loveletter.snapshots import HandInfo, PublicTable
from bot.i18n import N_, _
from bot.platform.decisions import fingerprint
from bot.platform.presentation import Message, Picture
from engine.loveletter import GAME
from engine.loveletter.events import event_from_dict
from engine.loveletter.moves import Decide
from engine.loveletter.views import PlayerView
from storage import Game

PLACEHOLDERS = ASK  # what each choice step asks


def embed(data: dict[str, Any]) -> discord.Embed:
    return discord.Embed.from_dict(data)


def static_view() -> discord.ui.View:
    """A view already stopped: only its components are sent.

    Every item here is a DynamicItem the bot dispatches by custom_id (`add_dynamic_items`), so
    discord.py need not keep the view. Kept, each ephemeral hand would hold a 15-minute timeout
    task (discord.py gives ephemeral views one) and every table/DM view a ViewStore entry.
    """
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


def lobby_message(game: Game) -> tuple[discord.Embed, discord.ui.View]:
    view = static_view()
    if game.status == "lobby":
        view.add_item(LobbyButton("join", game.id, style=discord.ButtonStyle.success))
        view.add_item(LobbyButton("leave", game.id))
        view.add_item(LobbyButton("start", game.id, style=discord.ButtonStyle.primary))
    return embed(render_lobby(game)), view


def table_picture(t: PublicTable) -> bytes:
    """The table drawn from the spectators' view only; in a break, the finished round and
    the public events of the move that ended it (`recent`), whose card is marked."""
    assert t.view is not None
    result = t.round_break.result if t.round_break is not None else None
    ending = [event_from_dict(e) for e in t.recent] if result is not None else ()
    return table_png(t.view, result, names=t.names, discards=t.piles, ending=ending)


def running_table_picture(view: PlayerView, names: dict[str, str]) -> bytes:
    """The table of a round under way, from the spectators' view."""
    return table_png(view, names=names)


def _table_pictures(t: PublicTable) -> tuple[Picture, ...]:
    """The table picture's drawing holds only what it draws from (not the whole read model):
    it is pickled to the worker process with every move."""
    if t.view is None:
        return ()
    if t.round_break is None:
        draw = partial(running_table_picture, t.view, t.names)
    else:
        draw = partial(table_picture, t)
    return (Picture("table.png", draw, picture_alt(t)),)


def _hand_pictures(h: HandInfo) -> tuple[Picture, ...]:
    if h.view is None or h.round_break is not None:
        return ()
    cards = labels(h.edition, h.hand)
    alt = _("Your cards: {cards}.", cards=cards) if h.hand else _("You hold no cards.")
    return (Picture("hand.png", partial(hand_png, h.view), alt),)


def table_message(t: PublicTable) -> Message:
    """Between rounds "Next round" takes the place of "My hand": there is no hand to play yet.
    Once the game is over, "Rematch" does: nothing is left to play in this one. Laid out
    picture first: the text under the picture says only what it does not show."""
    view = static_view()
    if t.round_break is not None:
        view.add_item(NextRoundButton(t.game_id, t.version))
    elif t.over:
        view.add_item(RematchButton(t.game_id))
    else:
        view.add_item(HandButton(t.game_id))
    view.add_item(RulesButton(t.game_id))
    if t.pending and not t.over and t.round_break is None:
        view.add_item(DecideButton(t.game_id, t.version, "keep"))
        view.add_item(DecideButton(t.game_id, t.version, "redraw"))
    return Message(embed(render_table(t)), view, _table_pictures(t), short=render_short(t))


def _option_label(h: HandInfo, field: str, value: Any) -> str:
    players = len(h.view.seats) if h.view is not None else None  # the deck in play, PEG-1
    return choice_label(h.edition, h.names, h.player_id, field, value, players)


def _select(h: HandInfo, step: Step) -> ChoiceSelect:
    assert step.field is not None
    options = [
        discord.SelectOption(label=_option_label(h, step.field, o.value)[:100], value=str(o.index))
        for o in step.options
    ]
    placeholder = ask_text(h.edition, step.field)
    ref = PickRef(h.game_id, h.version, _fp(h.moves), step.options[0].index, step.depth)
    return ChoiceSelect(ref, options=options, placeholder=placeholder)


def hand_message(
    h: HandInfo,
    *,
    step: Step | None = None,
    chosen: int | None = None,
    notice: str | None = None,
    reply: tuple[str, ...] = (),
) -> Message:
    """The ephemeral hand: card buttons on your turn, then the select for the next choice;
    the hand picture above them."""
    view = static_view()
    if h.round_break is not None:
        view.add_item(NextRoundButton(h.game_id, h.version))
    if h.my_turn and not h.over:
        decisions = [m for m in h.moves if isinstance(m, Decide)]
        if decisions:
            for m in decisions:
                view.add_item(DecideButton(h.game_id, h.version, m.choice))
        else:
            fp = _fp(h.moves)
            for opt in card_options(h.moves):
                style = (
                    discord.ButtonStyle.primary
                    if opt.index == chosen
                    else discord.ButtonStyle.success
                )
                view.add_item(
                    PickButton(
                        PickRef(h.game_id, h.version, fp, opt.index, 1),
                        label=_("Play {card}", card=label(h.edition, opt.value)),
                        style=style,
                    )
                )
        if step is not None and step.field is not None:
            view.add_item(_select(h, step))
    data = render_hand(h, notice=notice, reply=reply)
    if step is not None and step.field is not None:
        ask = _(PLACEHOLDERS.get(step.field, N_("Choose")))
        data["description"] += "\n\n" + _("➡ {ask} below.", ask=ask)
    return Message(embed(data), view, _hand_pictures(h))


def _fp(moves: Any) -> str:
    """The fingerprint of a hand's legal moves (`bot.platform.decisions`), as the service
    checks it."""
    return fingerprint(GAME, moves, VERSION)
