"""The table's text under its picture: only what the picture does not already show.

The table picture shows every seat (tally, discards in order, out, protected, the Jester's
mark, the Flatterer's bond), the draw pile, the face-up cards and the target; after a round,
the revealed hands and the set-aside card. Under it the text says whose turn it is (a mention:
what a notification and a screen reader need first) or who won, and the last few moves in
words; the picture's alt text says what it shows. The whole table in words (`render_table`)
is what players read when the picture is not there.
"""

from __future__ import annotations

from bot.games.loveletter.models import PublicSeat, PublicTable
from bot.games.loveletter.text.cardnames import card_name
from bot.games.loveletter.text.cards import tally
from bot.games.loveletter.text.rounds import result_sentences
from bot.games.loveletter.text.table import (
    break_head,
    clip,
    recent_lines,
    status_lines,
    tallies,
)
from bot.i18n import N_, _, n_
from engine.loveletter.editions import edition as get_edition

RECENT = 3  # moves told in words under the picture
ALT_LIMIT = 1024  # Discord's limit on a picture's alt text


def render_short(t: PublicTable) -> str:
    """Markdown for under the table picture (the message adds its title and footer)."""
    b = t.round_break
    lines = status_lines(t) if b is None else list(break_head(t, b))
    lines += recent_lines(t, RECENT)
    if t.notice:
        lines.append(t.notice)
    return "\n".join(lines)


def picture_alt(t: PublicTable) -> str:
    """The table picture in words, its alt text for screen readers: a finished round's result
    (revealed hands, set-aside card, tallies), and each seat's marks and discards in order."""
    result = t.round_break.result if t.round_break else t.last_round if t.over else None
    if result is None:
        # English keeps "cards" in both forms; German needs "1 Karte".
        pile = n_(
            "The table, round {round}: {n} cards in the draw pile.",
            "The table, round {round}: {n} cards in the draw pile.",
            t.draw_pile,
            round=t.round_no,
        )
        head = [pile]
    else:
        head = [_("The finished round {round}.", round=result.number)]
        head += result_sentences(t.edition, t.names, result)
        if not t.over:  # over: the text says the final
            head.append(_("Tallies: {tallies}.", tallies=tallies(t)))
    piles = t.piles or {}
    seats = []
    for s in t.seats:
        marks = "" if result else f" ({', '.join([*_marks(t, s), tally(t.edition, s.tokens)])})"
        pile = _cards(t.edition, piles.get(s.player_id, s.discards))
        seats.append(_("{name}{marks}: discards {cards}.", name=s.name, marks=marks, cards=pile))
    return clip(" ".join(head + seats), ALT_LIMIT)


def _cards(edition_id: str, card_ids: tuple[str, ...]) -> str:
    """`Guard 1, Priest 2`: a pile as briefly as the picture shows it (eight seats fit)."""
    ed = get_edition(edition_id)
    shown = (f"{card_name(edition_id, c)} {ed.card(c).value}" for c in card_ids)
    return ", ".join(shown) or _("none")


def _marks(t: PublicTable, s: PublicSeat) -> list[str]:
    """What the picture marks on a seat during a round."""
    marks = [_("to play")] if s.player_id == t.actor else []
    shown = (
        (N_("out"), not s.in_round),
        (N_("protected"), s.protected),
        (N_("the Jester's mark"), s.jester),
        (N_("flattered"), s.bound),
    )
    return marks + [_(word) for word, on in shown if on]
