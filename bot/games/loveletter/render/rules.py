"""Short rules summaries: one line per card kind, the same text for every edition's card
(a `{tally}` in it becomes the edition's own word: a crown, a token of affection, a heart)."""

from __future__ import annotations

from engine.loveletter.cards import Kind
from engine.loveletter.editions import edition as get_edition

KIND_TEXT: dict[Kind, str] = {
    Kind.OUT_IF_DISCARDED: "If you discard it for any reason, you are out of the round.",
    Kind.FORCED: "No effect. You must play it if your other card trades or makes someone discard.",
    Kind.TRADE: "Choose another player and trade hands with them.",
    Kind.DISCARD_DRAW: "Choose any player (yourself too): they discard their hand and draw anew.",
    Kind.PROTECT: "Until your next turn, other players' cards cannot choose you.",
    Kind.COMPARE_LOW_OUT: "Compare hands privately with another player; the lower value is out.",
    Kind.COMPARE_HIGH_OUT: "Compare hands privately with another player; the higher value is out.",
    Kind.LOOK: "Look at another player's hand.",
    Kind.GUESS: "Choose another player and name a card (not this one); if right, they are out.",
    Kind.RING: "Counts as 7 at the end of the round if you still hold it.",
    Kind.BISHOP: "Name a value for another player; if right you gain {tally}, they may redraw.",
    Kind.MARSHAL: "No effect; if you are knocked out with it in your discards, gain {tally}.",
    Kind.COUNT: "No effect; +1 to your round-end value for each Count in your discards.",
    Kind.FLATTERER: "Choose a player: the next card played that chooses players must choose them.",
    Kind.BARONESS: "Choose one or two other players; they show you their cards.",
    Kind.CARDINAL: "Two players swap hands; then look at one of those hands.",
    Kind.JESTER: "Mark another player; if they win the round, you gain {tally}.",
    Kind.ASSASSIN: "If a Guard chooses you, the guesser is out; you discard it and draw.",
}


def card_rule(edition_id: str, card_id: str) -> str:
    ed = get_edition(edition_id)
    card = ed.card(card_id)
    one = ("an " if ed.tally[0] in "aeiou" else "a ") + ed.tally
    return f"**{card.label}** ×{card.copies}: {KIND_TEXT[card.kind].replace('{tally}', one)}"


def rules_summary(edition_id: str) -> str:
    """The whole deck, highest value first, plus the aim of the game."""
    ed = get_edition(edition_id)
    lines = [
        f"**{ed.title}** — {ed.min_players}–{ed.max_players} players.",
        "On your turn draw a card, then play one of your two cards. Last player standing, or the "
        f"highest card when the deck runs out, wins the round and a {ed.tally}.",
        "",
    ]
    seen: set[str] = set()
    for card in sorted(ed.cards, key=lambda c: -c.value):
        if card.id not in seen:
            seen.add(card.id)
            lines.append(card_rule(edition_id, card.id))
    return "\n".join(lines)
