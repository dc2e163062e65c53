"""Each card's rule in a few words of our own, as the card face prints it.

Keyed by kind, so one text serves the three editions; cards named in a text (who forces the
forced card) are looked up in the edition, so each edition's card names its own partners.
The Hobbit's `elves: german` option makes Tauriel a "lower is out" card (HOB-9). The texts
are marked for the catalogue here and translated when a face is drawn, in the reader's
language (the German ones are our own words from the rules, not the published cards').
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.loveletter.pictures.source import Card, Kind, edition
from bot.games.loveletter.pictures.theme import short_name
from bot.i18n import N_, _

TEXTS: dict[Kind, str] = {
    Kind.OUT_IF_DISCARDED: N_("If you play or discard this card, you are out of the round."),
    Kind.FORCED: N_("You must play this card if your other card is {partners}."),
    Kind.TRADE: N_("Swap hands with another player."),
    Kind.DISCARD_DRAW: N_("A player (you too) discards their hand and draws a new card."),
    Kind.PROTECT: N_("No one may choose you until your next turn."),
    Kind.COMPARE_LOW_OUT: N_("Compare hands with another player: the lower card is out."),
    Kind.COMPARE_HIGH_OUT: N_("Compare hands with another player: the higher card is out."),
    Kind.LOOK: N_("Look at another player's hand."),
    Kind.GUESS: N_("Name a card (not {self}) for another player. Right: they are out."),
    Kind.RING: N_("Does nothing when played. Counts as 7 at the end of the round."),
    Kind.BISHOP: N_("Name a value (not 1) for another player. Right: you gain a heart."),
    Kind.MARSHAL: N_("Knocked out with this in your discards: you gain a heart."),
    Kind.COUNT: N_("In your discards: +1 to your hand at the end of the round."),
    Kind.FLATTERER: N_("Choose a player: the next card played must choose them."),
    Kind.BARONESS: N_("Look at the hands of one or two other players."),
    Kind.CARDINAL: N_("Two players swap hands; look at one of the two."),
    Kind.JESTER: N_("Mark another player: if they win the round, you gain a heart."),
    Kind.ASSASSIN: N_("A Guard who chooses you is out instead; draw a new card."),
}


# Pegasus names values, not cards (PEG-10).
GUESS_BY_VALUE = N_("Name a value (not 1) for another player. Right: they are out.")


def _partners(edition_id: str) -> str:
    """The cards that force the forced card (HOB-4, L5R-4, PEG-4), as small cards name them."""
    ed = edition(edition_id)
    kinds = (Kind.TRADE, Kind.DISCARD_DRAW)
    names = [short_name(edition_id, c.id) for c in ed.cards if c.kind in kinds]
    joined = names[0]
    for name in names[1:]:
        joined = _("{first} or {second}", first=joined, second=name)
    return joined


def played_kind(c: Card, options: Mapping[str, str] | None = None) -> Kind:
    """The kind the card plays as: with `elves: german` Tauriel is a lower-is-out card."""
    if c.kind is Kind.COMPARE_HIGH_OUT and (options or {}).get("elves") == "german":
        return Kind.COMPARE_LOW_OUT
    return c.kind


def rule_text(edition_id: str, c: Card, options: Mapping[str, str] | None = None) -> str:
    """The card's rule as printed on its face."""
    kind = played_kind(c, options)
    text = TEXTS[kind]
    if kind is Kind.GUESS and edition(edition_id).guess_by_value:
        text = GUESS_BY_VALUE
    return _(text, partners=_partners(edition_id), self=short_name(edition_id, c.id))
