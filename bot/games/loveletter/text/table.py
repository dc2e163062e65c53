"""The public table's lines in words, shared by the table embed, the text under its picture
(`messages.glance`) and the live page: who won, whom the table waits for, the last moves.

It reads a `PublicTable`, which holds only public information, so it cannot leak a hand.
"""

from __future__ import annotations

from bot.games.loveletter.models import BreakInfo, PublicTable
from bot.games.loveletter.text.cards import join_names, name, tally_list
from bot.games.loveletter.text.events import render_event
from bot.games.loveletter.text.rounds import next_round_name, won_by_nobody
from bot.i18n import _, n_

RECENT = 6


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
