"""The public table embed (as a Discord embed dict; no discord import needed here).

It receives a `PublicTable`, which holds only public information, so it cannot leak a hand.
Between rounds (`round_break`) it shows the finished round instead of the one already dealt:
the new round's turn is not offered until the break ends.
"""

from __future__ import annotations

from typing import Any

from bot.games.loveletter.render.cards import join_names, labels, name, tally, tally_list
from bot.games.loveletter.render.events import render_event
from bot.games.loveletter.render.rounds import next_round_name, result_text
from bot.games.loveletter.snapshots import BreakInfo, PublicTable
from engine.loveletter.editions import edition as get_edition

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
    marks.append("in" if s.in_round else "out")
    if s.protected:
        marks.append("🛡 protected")
    if s.jester:
        marks.append("🃏 Jester")
    if s.bound:
        marks.append("flattered")
    # once the game is over the final tally says each seat's count, once, ranked
    head = s.name if t.over else f"{s.name} — {tally(t.edition, s.tokens)}"
    body = f"{' · '.join(marks)}\nDiscards: {labels(t.edition, s.discards)}"
    return clip(head, 256), clip(body, 1024)


def _break_seat(t: PublicTable, i: int, b: BreakInfo) -> tuple[str, str]:
    """A seat between rounds: tally, and how the finished round went for them."""
    s, r = t.seats[i], b.result
    head = f"{s.name} — {tally(t.edition, s.tokens)}"
    if s.player_id in r.winners:
        body = f"🏅 won round {r.number}"
    elif s.player_id in r.knocked_out:
        body = f"knocked out of round {r.number}"
    elif s.player_id in r.players:
        body = f"lost round {r.number}"
    else:
        body = f"sat out round {r.number}"
    return clip(head, 256), body


def break_head(t: PublicTable, b: BreakInfo) -> tuple[str, str]:
    """Who won the finished round, and when the next one starts."""
    r = b.result
    return (
        f"**Round {r.number} is over** — won by {join_names(t.names, r.winners)}.",
        f"{next_round_name(b)} starts <t:{int(b.until)}:R> — or press **Next round**.",
    )


def _break_lines(t: PublicTable, b: BreakInfo) -> list[str]:
    """The result, when the next round starts, and (`recent`) the move that ended the round."""
    ed = get_edition(t.edition)
    lines = [*break_head(t, b), f"First to {t.target} {ed.tallies} wins the game."]
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
            f"🏆 **{name(t.names, t.winner or '')} wins the game!** ({rounds} rounds)",
            f"Final tally: {tallies(t)}",
        ]
    if t.pending:
        return [f"Waiting for {_who(t, t.pending)} to decide: keep or redraw."]
    return [f"Turn: {_who(t, t.actor)}"] if t.actor else []


def _play_lines(t: PublicTable) -> list[str]:
    """While a round is played (or the game is over): whose turn, the pile, recent events."""
    ed = get_edition(t.edition)
    lines = status_lines(t)
    if not t.over:
        lines.append(f"Draw pile: {t.draw_pile} cards · first to {t.target} {ed.tallies} wins")
    if t.face_up and not t.over:
        lines.append(f"Face up: {labels(t.edition, t.face_up)}")
    return lines + recent_lines(t)


def render_table(t: PublicTable) -> dict[str, Any]:
    """Edition, round, turn, pile, face-up cards, seats, last public events, round/game end."""
    ed = get_edition(t.edition)
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
            {"name": f"Round {r.number} result", "value": clip(text, 1024), "inline": False}
        )
    round_text = "deciding round" if t.deciding else f"round {t.round_no}"
    if b is not None:
        round_text = f"round {b.result.number} over"
    color = COLOR_OVER if t.over else COLOR_BREAK if b is not None else COLOR_RUNNING
    return {
        "title": clip(f"Love Letter — {ed.title}", 256),
        "description": clip("\n".join(lines), 4000),
        "color": color,
        "fields": fields[:25],
        "footer": {"text": f"Game {t.game_id} · {round_text} · move {t.version}"},
    }
