"""Short rules summaries: one line per card kind, the same text for every edition's card
(a `{tally}` in it becomes the edition's own word: a crown, a token of affection, a heart).
A text that speaks of the card itself ("You must play it") takes the card's grammatical gender
(`GENDERED`): German "Du musst ihn spielen" for Bilbo, "sie" for the Countess."""

from __future__ import annotations

from bot.games.loveletter.text.cardnames import card_gender
from bot.games.loveletter.text.cards import deck_cards, edition_title, label, one_tally
from bot.i18n import G_, N_, _, g_, n_
from engine.loveletter.cards import Kind
from engine.loveletter.editions import edition as get_edition

KIND_TEXT: dict[Kind, str] = {
    Kind.TRADE: N_("Choose another player and trade hands with them."),
    Kind.DISCARD_DRAW: N_(
        "Choose any player (yourself too): they discard their hand and draw anew."
    ),
    Kind.PROTECT: N_("Until your next turn, other players' cards cannot choose you."),
    Kind.COMPARE_LOW_OUT: N_(
        "Compare hands privately with another player; the lower value is out."
    ),
    Kind.COMPARE_HIGH_OUT: N_(
        "Compare hands privately with another player; the higher value is out."
    ),
    Kind.LOOK: N_("Look at another player's hand."),
    Kind.GUESS: N_("Choose another player and name a card (not this one); if right, they are out."),
    Kind.BISHOP: N_("Name a value for another player; if right you gain {tally}, they may redraw."),
    Kind.COUNT: N_("No effect; +1 to your round-end value for each Count in your discards."),
    Kind.FLATTERER: N_(
        "Choose a player: the next card played that chooses players must choose them."
    ),
    Kind.BARONESS: N_("Choose one or two other players; they show you their cards."),
    Kind.CARDINAL: N_("Two players swap hands; then look at one of those hands."),
    Kind.JESTER: N_("Mark another player; if they win the round, you gain {tally}."),
    Kind.ASSASSIN: N_("If a Guard chooses you, the guesser is out; you discard it and draw."),
}


GENDERED: dict[Kind, str] = {
    Kind.OUT_IF_DISCARDED: G_("If you discard it for any reason, you are out of the round."),
    Kind.FORCED: G_(
        "No effect. You must play it if your other card trades or makes someone discard."
    ),
    Kind.RING: G_("Counts as 7 at the end of the round if you still hold it."),
    Kind.MARSHAL: G_("No effect; if you are knocked out with it in your discards, gain {tally}."),
}
"""The kinds whose text speaks of the card itself: one form per grammatical gender."""


def rule_text(edition_id: str, card_id: str) -> str:
    """What the card does, in the reader's words (a sentence about the card itself agrees
    with its grammatical gender)."""
    card = get_edition(edition_id).card(card_id)
    tally = one_tally(edition_id)
    if card.kind in GENDERED:
        return g_(card_gender(edition_id, card_id), GENDERED[card.kind], tally=tally)
    return _(KIND_TEXT[card.kind], tally=tally)


def card_rule(edition_id: str, card_id: str) -> str:
    card = get_edition(edition_id).card(card_id)
    return f"**{label(edition_id, card_id)}** ×{card.copies}: {rule_text(edition_id, card_id)}"


NO_UNDO = N_(
    "No play can be taken back: every card played is shown to the table, and the next turn "
    "begins with a card drawn."
)
"""Love Letter has no undoable decision (issue 45, the bounded undo; README "Undo")."""


def rules_summary(edition_id: str, players: int | None = None) -> str:
    """The whole deck, highest value first, plus the aim of the game; with `players`, the
    deck of a game of that many players (PEG-1: Pegasus at 2-4 without the expansion)."""
    ed = get_edition(edition_id)
    deck = deck_cards(edition_id, players)
    lines = [
        _(
            "**{title}** — {low}–{high} players.",
            title=edition_title(edition_id),
            low=ed.min_players,
            high=ed.max_players,
        ),
        _(
            "On your turn draw a card, then play one of your two cards. Last player standing, or "
            "the highest card when the deck runs out, wins the round and {tally}.",
            tally=one_tally(edition_id),
        ),
        _(NO_UNDO),
        "",
    ]
    if len(deck) < len(ed.cards):
        lines.insert(
            -1,
            n_(
                "With {n} player the deck holds only the {count} base cards; the"
                " expansion's cards join at 5 to 8 players.",
                "With {n} players the deck holds only the {count} base cards; the"
                " expansion's cards join at 5 to 8 players.",
                players or 0,
                count=sum(c.copies for c in deck),  # 16 or more: always plural
            ),
        )
    seen: set[str] = set()
    for card in deck:
        if card.id not in seen:
            seen.add(card.id)
            lines.append(card_rule(edition_id, card.id))
    return "\n".join(lines)
