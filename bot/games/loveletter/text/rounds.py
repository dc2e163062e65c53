"""A finished round in words: winners, revealed hands with their round-end values and what
changed those values, the set-aside card. Shared by the table, the hand and the event log.

All of it is public once the round is over (C-7). Modifiers are explained without naming a
card that is not on show (the Counts that add to a value lie in a discard pile of a round
that is gone from the table), so the text never names a card a viewer cannot know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from bot.games.loveletter.text.cards import join_names, label, name
from bot.i18n import N_, _, p_
from engine.loveletter.editions import edition as get_edition
from engine.loveletter.events import RoundEnded
from engine.loveletter.state import RoundResult

if TYPE_CHECKING:  # (bot.service imports this module's package: no import cycle at run time)
    from bot.games.loveletter.models import BreakInfo

HOW = {
    "last_standing": N_("the last player in the round"),
    "deck_empty": N_("the draw pile ran out; the highest hand wins"),
}


def _base(edition_id: str, card_id: str) -> int | None:
    try:
        return get_edition(edition_id).card(card_id).value
    except (KeyError, ValueError):
        return None


def modifier(edition_id: str, card_id: str, value: int, yours: bool = False) -> str | None:
    """Why a revealed card counts `value` rather than its printed value, if it does."""
    base = _base(edition_id, card_id)
    if base is None or base == value:
        return None
    if edition_id == "pegasus" and value > base:
        if yours:
            return _("{base} + {more} from your discard pile", base=base, more=value - base)
        return _("{base} + {more} from their discard pile", base=base, more=value - base)
    return _("counts {value} at round end instead of {base}", value=value, base=base)


def reveal_text(
    edition_id: str,
    names: Mapping[str, str],
    reveal: Iterable[tuple[str, str, int]],
    viewer: str | None = None,
) -> str:
    """`Ann: Princess (8) → 10 (8 + 2 from their discard pile); you: Baron (3) → 3`."""
    items = list(reveal)
    parts = []
    for player, card, value in items:
        who = p_("nominative", "you") if player == viewer else name(names, player)
        text = f"{who}: {label(edition_id, card)} → {value}"
        why = modifier(edition_id, card, value, player == viewer)
        parts.append(f"{text} ({why})" if why else text)
    line = "; ".join(parts)
    cards = {card for _unused, card, _value in items}
    if edition_id == "pegasus" and {"princess", "bishop"} <= cards:
        line += " — " + _("the Princess beats the Bishop")
    return line


def next_round_name(b: BreakInfo) -> str:
    """What starts when the break ends: "Round 3", or "The deciding round" (C-9)."""
    return _("The deciding round") if b.deciding else _("Round {round}", round=b.next_round)


def result_text(
    edition_id: str, names: Mapping[str, str], r: RoundResult, viewer: str | None = None
) -> str:
    """Round `r` as one paragraph; the set-aside card only if nobody drew it."""
    return " ".join(result_sentences(edition_id, names, r, viewer))


def _won_by(names: Mapping[str, str], winners: Iterable[str], viewer: str | None) -> str:
    """Who won, after "won by" (German "von", dative: "von dir", "von niemandem")."""
    ids = list(winners)
    return join_names(names, ids, viewer, p_("dative", "you")) if ids else won_by_nobody()


def won_by_nobody() -> str:
    return p_("dative", "nobody")


def _revealed(
    edition_id: str,
    names: Mapping[str, str],
    shown: Iterable[tuple[str, str, int]],
    viewer: str | None,
) -> str:
    return _("Revealed: {hands}.", hands=reveal_text(edition_id, names, shown, viewer))


def _set_aside(edition_id: str, card: str) -> str:
    return _("Set-aside card: {card}.", card=label(edition_id, card))


def result_sentences(
    edition_id: str, names: Mapping[str, str], r: RoundResult, viewer: str | None = None
) -> list[str]:
    """Round `r`: who won (and how), the revealed hands, the set-aside card if nobody drew it."""
    how = HOW.get(r.ended_by)
    winners = _won_by(names, r.winners, viewer)
    if how:
        sentences = [_("Won by {names} ({how}).", names=winners, how=_(how))]
    else:
        sentences = [_("Won by {names}.", names=winners)]
    if r.reveal:
        shown = ((p, c, v) for p, (c, v) in r.reveal.items())
        sentences.append(_revealed(edition_id, names, shown, viewer))
    if r.set_aside and not r.set_aside_drawn:
        sentences.append(_set_aside(edition_id, r.set_aside))
    return sentences


def round_over_text(
    edition_id: str, names: Mapping[str, str], e: RoundEnded, viewer: str | None
) -> str:
    """The `round_ended` event's line: who won, the revealed hands, an undrawn set-aside card."""
    winners = _won_by(names, e.winners, viewer)
    parts = [_("**Round {round} over** — won by {names}.", round=e.round, names=winners)]
    if e.reveal:
        parts.append(_revealed(edition_id, names, e.reveal, viewer))
    if e.set_aside and not e.set_aside_drawn:
        parts.append(_set_aside(edition_id, e.set_aside))
    return " ".join(parts)
