"""The public table embed (as a Discord embed dict; no discord import needed here).

It receives a `PublicTable`, which holds only public information, so it cannot leak a hand.
Between rounds (`round_break`) it shows the finished round instead of the one already dealt:
the new round's turn is not offered until the break ends.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from bot.games.loveletter.items import (
    DecideButton,
    HandButton,
    NextRoundButton,
    RematchButton,
    RulesButton,
)
from bot.games.loveletter.messages.glance import picture_alt, render_short
from bot.games.loveletter.messages.layout import embed
from bot.games.loveletter.models import BreakInfo, PublicTable
from bot.games.loveletter.pictures.from_table import RunningTable, table_picture
from bot.games.loveletter.text.cards import (
    edition_title,
    labels,
    tally,
)
from bot.games.loveletter.text.rounds import result_text
from bot.games.loveletter.text.table import break_head, clip, recent_lines, status_lines
from bot.i18n import _, n_, p_
from bot.platform.items import StaticView
from bot.platform.presentation import Message, Picture

COLOR_RUNNING = 0xC0392B
COLOR_OVER = 0xF1C40F
COLOR_BREAK = 0x2980B9


def _seat_line(t: PublicTable, i: int) -> tuple[str, str]:
    s = t.seats[i]
    marks = []
    if s.player_id == t.actor and not t.over:
        marks.append("▶")
    marks.append(p_("seat", "in") if s.in_round else p_("seat", "out"))
    if s.protected:
        marks.append(_("🛡 protected"))
    if s.jester:
        marks.append(_("🃏 Jester"))
    if s.bound:
        marks.append(_("flattered"))
    # once the game is over the final tally says each seat's count, once, ranked
    head = s.name if t.over else f"{s.name} — {tally(t.edition, s.tokens)}"
    discards = _("Discards: {cards}", cards=labels(t.edition, s.discards))
    body = f"{' · '.join(marks)}\n{discards}"
    return clip(head, 256), clip(body, 1024)


def _break_seat(t: PublicTable, i: int, b: BreakInfo) -> tuple[str, str]:
    """A seat between rounds: tally, and how the finished round went for them."""
    s, r = t.seats[i], b.result
    head = f"{s.name} — {tally(t.edition, s.tokens)}"
    if s.player_id in r.winners:
        body = _("🏅 won round {round}", round=r.number)
    elif s.player_id in r.knocked_out:
        body = _("knocked out of round {round}", round=r.number)
    elif s.player_id in r.players:
        body = _("lost round {round}", round=r.number)
    else:
        body = _("sat out round {round}", round=r.number)
    return clip(head, 256), body


def _break_lines(t: PublicTable, b: BreakInfo) -> list[str]:
    """The result, when the next round starts, and (`recent`) the move that ended the round."""
    first = _("First to {tally} wins the game.", tally=tally(t.edition, t.target))
    lines = [*break_head(t, b), first]
    return lines + recent_lines(t)


def _play_lines(t: PublicTable) -> list[str]:
    """While a round is played (or the game is over): whose turn, the pile, recent events."""
    lines = status_lines(t)
    if not t.over:
        lines.append(
            n_(
                "Draw pile: {n} card · first to {tally} wins",
                "Draw pile: {n} cards · first to {tally} wins",
                t.draw_pile,
                tally=tally(t.edition, t.target),
            )
        )
    if t.face_up and not t.over:
        lines.append(_("Face up: {cards}", cards=labels(t.edition, t.face_up)))
    return lines + recent_lines(t)


def render_table(t: PublicTable) -> dict[str, Any]:
    """Edition, round, turn, pile, face-up cards, seats, last public events, round/game end."""
    b = t.round_break
    lines = _play_lines(t) if b is None else _break_lines(t, b)
    if t.notice:
        lines.append(t.notice)
    fields = []
    for i in range(len(t.seats)):
        head, body = _seat_line(t, i) if b is None else _break_seat(t, i, b)
        fields.append({"name": head, "value": body, "inline": True})
    if t.last_round is not None:
        r = t.last_round
        text = result_text(t.edition, t.names, r)
        fields.append(
            {
                "name": _("Round {round} result", round=r.number),
                "value": clip(text, 1024),
                "inline": False,
            }
        )
    round_text = _("deciding round") if t.deciding else _("round {round}", round=t.round_no)
    if b is not None:
        round_text = _("round {round} over", round=b.result.number)
    color = COLOR_OVER if t.over else COLOR_BREAK if b is not None else COLOR_RUNNING
    return {
        "title": clip(_("Love Letter — {edition}", edition=edition_title(t.edition)), 256),
        "description": clip("\n".join(lines), 4000),
        "color": color,
        "fields": fields[:25],
        "footer": {
            "text": _(
                "Game {game} · {round} · move {move}",
                game=t.game_id,
                round=round_text,
                move=t.version,
            )
        },
    }


def _table_pictures(t: PublicTable) -> tuple[Picture, ...]:
    """The table picture's drawing holds only what it draws from (not the whole read model):
    it is pickled to the worker process with every move."""
    if t.view is None:
        return ()
    running = t.round_break is None
    draw: Callable[[], bytes] = (
        RunningTable(t.view, t.names) if running else partial(table_picture, t)
    )
    return (Picture("table.png", draw, picture_alt(t)),)


def table_message(t: PublicTable) -> Message:
    """Between rounds "Next round" takes the place of "My hand": there is no hand to play yet.
    Once the game is over, "Rematch" does: nothing is left to play in this one. Laid out
    picture first: the text under the picture says only what it does not show."""
    view = StaticView()
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
