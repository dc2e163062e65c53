"""The public table embed (as a Discord embed dict; no discord import needed here).

It receives a `PublicTable`, which holds only public information, so it cannot leak a hand.
Between rounds (`round_break`) it shows the finished round instead of the one already dealt:
the new round's turn is not offered until the break ends.
"""

from __future__ import annotations

from typing import Any

from bot.games.loveletter.render.cards import (
    edition_title,
    join_names,
    labels,
    name,
    tally,
    tally_list,
)
from bot.games.loveletter.render.events import render_event
from bot.games.loveletter.render.rounds import next_round_name, result_text, won_by_nobody
from bot.games.loveletter.snapshots import BreakInfo, PublicTable
from bot.i18n import _, n_, p_

RECENT = 6
COLOR_RUNNING = 0xC0392B
COLOR_OVER = 0xF1C40F
COLOR_BREAK = 0x2980B9


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


def break_head(t: PublicTable, b: BreakInfo) -> tuple[str, str]:
    """Who won the finished round, and when the next one starts."""
    r = b.result
    return (
        _(
            "**Round {round} is over** — won by {names}.",
            round=r.number,
            names=join_names(t.names, r.winners) if r.winners else won_by_nobody(),
        ),
        _(
            "{next} starts {when} — or press **Next round**.",
            next=next_round_name(b),
            when=f"<t:{int(b.until)}:R>",
        ),
    )


def _break_lines(t: PublicTable, b: BreakInfo) -> list[str]:
    """The result, when the next round starts, and (`recent`) the move that ended the round."""
    first = _("First to {tally} wins the game.", tally=tally(t.edition, t.target))
    lines = [*break_head(t, b), first]
    return lines + recent_lines(t)


GAME_END_EVENTS = ("round_ended", "game_ended")  # said once by the finished table's own lines


def recent_lines(t: PublicTable, count: int = RECENT) -> list[str]:
    """The last `count` public events as bullets, after a blank line (none: nothing)."""
    recent = [e for e in t.recent if not (t.over and e.get("type") in GAME_END_EVENTS)]
    lines = [line for line in (render_event(e, t.edition, t.names, None) for e in recent) if line]
    return ["", *(f"• {line}" for line in lines[-count:])] if lines else []


def _who(t: PublicTable, player_id: str) -> str:
    """A human seat (a Discord user id) is mentioned; an AI seat is named."""
    if player_id.isdigit():
        return f"<@{player_id}> ({name(t.names, player_id)})"
    return f"🤖 {name(t.names, player_id)}"


def tallies(t: PublicTable) -> str:
    """Every seat's tally, most first."""
    return tally_list(t.edition, t.names, ((s.player_id, s.tokens) for s in t.seats))


def status_lines(t: PublicTable) -> list[str]:
    """Who won the game, or whom the table waits for."""
    if t.over:
        rounds = t.last_round.number if t.last_round else t.round_no
        return [
            n_(
                "🏆 **{name} wins the game!** ({n} round)",
                "🏆 **{name} wins the game!** ({n} rounds)",
                rounds,
                name=name(t.names, t.winner or ""),
            ),
            _("Final tally: {tallies}", tallies=tallies(t)),
        ]
    if t.pending:
        return [_("Waiting for {name} to decide: keep or redraw.", name=_who(t, t.pending))]
    return [_("Turn: {name}", name=_who(t, t.actor))] if t.actor else []


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
