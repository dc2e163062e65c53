"""The Adventure table's text under the board picture: only what the board does not show.

The board shows where every hobbit stands, the talismans lying on it and where the hobbit to
move may travel (its alt text says the places in words). Under it the text says who won or
whose turn it is and whom the table waits for (mentions: what a notification and a screen
reader need first), each hobbit in one line (life, gold, what they carry, how many secret
cards), and the last few events. The whole table in words (`table.table_embed`) is what
players read when the picture is not there.
"""

from __future__ import annotations

from bot.games.adventure.messages.table import holdings, secret_count, table_status
from bot.games.adventure.models import AdvTable, Seat
from bot.i18n import _, n_
from engine.adventure.view import HobbitView

RECENT = 3  # events told in words under the picture


def render_short(t: AdvTable) -> str:
    """Markdown for under the board picture (the message adds its title and footer)."""
    active = t.view.turn.player if t.view.turn else None
    hobbits = t.view.hobbits
    lines = [table_status(t), ""]
    lines += [hobbit_line(s, hobbits[s.player_id], s.player_id == active) for s in t.seats]
    if t.recent:
        lines += ["", *(f"• {line}" for line in t.recent[-RECENT:])]
    return "\n".join(lines)


def hobbit_line(seat: Seat, h: HobbitView, active: bool) -> str:
    """`▶ **ann** (orange) · ❤️ 9 LP · 💰 4 GP · Lantern, Dwarf companion · 1 secret card`."""
    head = f"{'▶ ' if active else ''}**{seat.name}** ({_(seat.colour_name)})"
    if h.out:
        return _("{head} · out of the game", head=head)
    kit, comp, treasure = holdings(h)
    parts = [head, _("❤️ {lp} LP", lp=h.lp), _("💰 {gp} GP", gp=h.gp)]
    parts.append(", ".join(kit + comp + treasure))
    secret = secret_count(h)
    if secret:
        parts.append(n_("{n} secret card", "{n} secret cards", secret))
    return " · ".join(p for p in parts if p)
