"""A player's private hand view: cards, private log, what to do now.

Between rounds it shows no cards: the next round is dealt out when the break ends (that is
also when the round-start DMs go out), so the hand, the DMs and the table agree on when the
new round begins.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import discord

from bot.games.loveletter.decisions import VERSION, PickRef, Step, card_options
from bot.games.loveletter.items import (
    ChoiceSelect,
    DecideButton,
    NextRoundButton,
    PickButton,
)
from bot.games.loveletter.messages.layout import embed
from bot.games.loveletter.models import BreakInfo, HandInfo
from bot.games.loveletter.pictures import hand_png
from bot.games.loveletter.text.cards import ASK, ask_text, choice_label, label, labels, name
from bot.games.loveletter.text.events import render_event
from bot.games.loveletter.text.reasons import reason_text
from bot.games.loveletter.text.rounds import next_round_name, result_text
from bot.i18n import N_, _
from bot.platform.decisions import fingerprint
from bot.platform.items import StaticView
from bot.platform.presentation import Message, Picture
from engine.loveletter import GAME
from engine.loveletter.moves import Decide

LOG_LINES = 10


def render_hand(
    h: HandInfo, *, notice: str | None = None, reply: tuple[str, ...] = ()
) -> dict[str, Any]:
    """Embed dict for the ephemeral hand; `reply` are the results of the move just made."""
    lines: list[str] = []
    if notice:
        lines.append(f"**{notice}**")
    if reply:
        lines.extend(f"• {line}" for line in reply)
        lines.append("")
    if h.round_break is not None:
        return _between_rounds(h, h.round_break, lines)
    if h.over:
        lines.append(_("The game is over."))
    elif not h.in_round:
        lines.append(_("You are out of this round."))
    lines.append(_("**Your hand:** {cards}", cards=labels(h.edition, h.hand)))
    if h.my_turn and not h.over:
        if any(getattr(m, "choice", None) for m in h.moves):
            lines.append(_("You must decide: keep your card or discard it and redraw."))
        else:
            lines.append(_("**It's your turn** — choose a card to play."))
        if h.forced_reason:
            lines.append(f"_{reason_text(h.forced_reason)}_")
    private = [
        line
        for line in (render_event(e, h.edition, h.names, h.player_id) for e in h.private_log)
        if line
    ]
    fields = []
    if private:
        text = "\n".join(private[-LOG_LINES:])
        known = _("What you know this round")
        fields.append({"name": known, "value": text[:1024], "inline": False})
    return _embed(h, lines, fields)


def _embed(h: HandInfo, lines: list[str], fields: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "title": _("Your hand — {name}", name=name(h.names, h.player_id)),
        "description": "\n".join(lines)[:4000],
        "color": 0x8E44AD,
        "fields": fields,
        "footer": {"text": _("Game {game} · move {move}", game=h.game_id, move=h.version)},
    }


def _between_rounds(h: HandInfo, b: BreakInfo, lines: list[str]) -> dict[str, Any]:
    """The break: the round's result and when the next one starts; no cards yet."""
    upcoming = next_round_name(b)
    lines.append(_("**Round {round} is over.**", round=b.result.number))
    lines.append(
        _(
            "{next} starts in {seconds} s — or press **Next round**."
            " You get your new card when it starts.",
            next=upcoming,
            seconds=b.seconds_left,
        )
    )
    result = result_text(h.edition, h.names, b.result, h.player_id)
    head = _("Round {round} result", round=b.result.number)
    return _embed(h, lines, [{"name": head, "value": result[:1024], "inline": False}])


PLACEHOLDERS = ASK  # what each choice step asks


def _hand_pictures(h: HandInfo) -> tuple[Picture, ...]:
    if h.view is None or h.round_break is not None:
        return ()
    cards = labels(h.edition, h.hand)
    alt = _("Your cards: {cards}.", cards=cards) if h.hand else _("You hold no cards.")
    return (Picture("hand.png", partial(hand_png, h.view), alt),)


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
    view = StaticView()
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
