"""The table's text under its picture: only what the picture does not already show.

The table picture shows every seat (tally, discards in order, out, protected, the Jester's
mark, the Flatterer's bond), the draw pile, the face-up cards and the target. Under it the
text says whose turn it is (a mention: what a notification and a screen reader need first),
the last few moves in words, and between rounds or at the end the result. The whole table in
words (`render_table`) is what players read when the picture is not there.
"""

from __future__ import annotations

from bot.games.loveletter.render.cards import labels, tally
from bot.games.loveletter.render.rounds import result_sentences
from bot.games.loveletter.render.table import break_head, recent_lines, status_lines, tallies
from bot.games.loveletter.snapshots import BreakInfo, PublicSeat, PublicTable

RECENT = 3  # moves told in words under the picture


def render_short(t: PublicTable) -> str:
    """Markdown for under the table picture (the message adds its title and footer)."""
    b = t.round_break
    lines = status_lines(t) if b is None else _break_lines(t, b)
    lines += recent_lines(t, RECENT)
    if t.notice:
        lines.append(t.notice)
    return "\n".join(lines)


def _break_lines(t: PublicTable, b: BreakInfo) -> list[str]:
    """The finished round: who won, the revealed hands, the tallies, when the next one starts."""
    won, starts = break_head(t, b)
    revealed = result_sentences(t.edition, t.names, b.result)[1:]
    return [won, *revealed, f"Tallies: {tallies(t)}", starts]


def picture_alt(t: PublicTable) -> str:
    """The table picture in words, its alt text for screen readers: each seat's tally, marks
    and discards in order (a break's or the end's: the finished round's piles)."""
    finished = t.round_break is not None or t.over
    if finished:
        number = t.round_break.result.number if t.round_break else t.round_no
        head = f"The finished round {number}: every revealed hand, the discard piles and tallies."
    else:
        head = f"The table, round {t.round_no}: {t.draw_pile} cards in the draw pile."
    piles = t.piles or {}
    seats = []
    for s in t.seats:
        marks = [] if finished else _marks(t, s)
        marks.append(tally(t.edition, s.tokens))
        discards = labels(t.edition, piles.get(s.player_id, s.discards))
        seats.append(f"{s.name} ({', '.join(marks)}): discards {discards}")
    return " ".join([head, *(f"{line}." for line in seats)])


def _marks(t: PublicTable, s: PublicSeat) -> list[str]:
    """What the picture marks on a seat during a round."""
    marks = ["to play"] if s.player_id == t.actor else []
    shown = (
        ("out", not s.in_round),
        ("protected", s.protected),
        ("the Jester's mark", s.jester),
        ("flattered", s.bound),
    )
    return marks + [word for word, on in shown if on]
