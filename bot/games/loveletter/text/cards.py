"""Card and player names as players read them, in the reader's language."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from bot.games.loveletter.text.cardnames import card_name
from bot.i18n import ENGLISH, N_, _, current_locale, n_, p_
from engine.loveletter.cards import Card
from engine.loveletter.editions import edition as get_edition


def label(edition_id: str, card_id: str) -> str:
    """`Guardswoman (Wächterin, 1)` in English, `Wächterin (1)` in German: name and value."""
    try:
        card = get_edition(edition_id).card(card_id)
    except (KeyError, ValueError):
        return card_id
    if current_locale() == ENGLISH:
        return card.label
    name = card_name(edition_id, card_id)
    if card.title:
        title = p_("title", card.title)
        return _("{name}, {title} ({value})", name=name, title=title, value=card.value)
    return _("{name} ({value})", name=name, value=card.value)


def labels(edition_id: str, card_ids: Iterable[str]) -> str:
    return ", ".join(label(edition_id, c) for c in card_ids) or "—"


def value_text(value: object) -> str:
    """A named value (Pegasus names values, not cards): `value 5`."""
    return _("value {value}", value=value)


def guess_text(edition_id: str, guess: object) -> str:
    """A named card, or a named value (Pegasus names values)."""
    if isinstance(guess, int) and not isinstance(guess, bool):
        return value_text(guess)
    return label(edition_id, str(guess))


def name(names: Mapping[str, str], player_id: str) -> str:
    return names.get(player_id, player_id)


def join_names(
    names: Mapping[str, str],
    player_ids: Iterable[str],
    viewer: str | None = None,
    you: str | None = None,
) -> str:
    """`Ann, Bo and you`: names joined, the viewer as "you" (`you`: the form the sentence
    needs, German "du"/"dich"/"dir") and last."""
    ids = list(player_ids)
    you_word = you if you is not None else p_("nominative", "you")
    parts = [name(names, p) for p in ids if p != viewer] + [you_word] * (viewer in ids)
    if len(parts) < 2:
        return parts[0] if parts else _("nobody")
    return _("{names} and {last}", names=", ".join(parts[:-1]), last=parts[-1])


# What each step of choosing a move asks (the hand's select placeholder, the terminal's heading).
ASK = {
    "target": N_("Choose a player"),
    "targets": N_("Choose a player"),
    "partner": N_("Choose the second player"),
    "guess": N_("Name a card"),
    "look": N_("Whose hand do you look at?"),
}


def ask_text(edition_id: str, field: str) -> str:
    """The question of one choice step; Pegasus names values, not cards (PEG-10)."""
    if field == "guess" and get_edition(edition_id).guess_by_value:
        return _("Name a value")
    return _(ASK.get(field, N_("Choose")))


def deck_cards(edition_id: str, players: int | None = None) -> tuple[Card, ...]:
    """The edition's cards in the deck of a game of `players` (PEG-1: Pegasus's expansion
    cards only at 5 to 8 players), highest value first; every card when `players` is None."""
    ed = get_edition(edition_id)
    in_deck = set(ed.deck(players)) if players is not None else {c.id for c in ed.cards}
    return tuple(sorted((c for c in ed.cards if c.id in in_deck), key=lambda c: -c.value))


def choice_label(
    edition_id: str,
    names: Mapping[str, str],
    me: str,
    field: str,
    value: object,
    players: int | None = None,
) -> str:
    """One offered value of a choice step: a player ("Yourself"), a named card or value (a
    value with the cards of that value in the deck of a game of `players`, PEG-1, PEG-10)."""
    if field == "guess":
        if isinstance(value, int) and not isinstance(value, bool):
            in_deck = deck_cards(edition_id, players)
            cards = [card_name(edition_id, c.id) for c in in_deck if c.value == value]
            return f"{value} — {' / '.join(dict.fromkeys(cards))}"
        return label(edition_id, str(value))
    if field == "partner" and value is None:
        return _("Nobody else")
    if field in ("target", "targets", "partner", "look"):
        return _("Yourself") if value == me else name(names, str(value))
    return str(value)


COUNTED: dict[str, Callable[[int], str]] = {
    "game": lambda n: n_("{n} game", "{n} games", n),
    "round": lambda n: n_("{n} round", "{n} rounds", n),
}


def counted(count: int, noun: str) -> str:
    """`1 game`, `2 games`, `0 rounds` (nouns: those of `COUNTED`)."""
    return COUNTED[noun](count)


# Each edition's own tally word: counted, and as "a crown" (German: the object of "gain").
TALLIES: dict[str, Callable[[int], str]] = {
    "hobbit": lambda n: n_("{n} crown", "{n} crowns", n),
    "l5r": lambda n: n_("{n} token of affection", "{n} tokens of affection", n),
    "pegasus": lambda n: n_("{n} heart", "{n} hearts", n),
}
ONE_TALLY = {
    "hobbit": N_("a crown"),
    "l5r": N_("a token of affection"),
    "pegasus": N_("a heart"),
}


def tally(edition_id: str, count: int) -> str:
    """`1 crown`, `2 tokens of affection`, `0 hearts`: the edition's own tally word."""
    return TALLIES[edition_id](count)


def one_tally(edition_id: str) -> str:
    """`a crown`, `a token of affection`, `a heart` (German: `eine Krone`, `ein Herz`)."""
    return _(ONE_TALLY[edition_id])


def tally_list(
    edition_id: str,
    names: Mapping[str, str],
    tokens: Iterable[tuple[str, int]],
    viewer: str | None = None,
) -> str:
    """`Bo – 5 crowns, you – 3 crowns`: most first, never "Standard bot 1 3"."""
    ranked = sorted(tokens, key=lambda pt: -pt[1])
    you = p_("nominative", "you")
    return ", ".join(
        f"{you if p == viewer else name(names, p)} – {tally(edition_id, t)}" for p, t in ranked
    )


def edition_title(edition_id: str) -> str:
    """The edition's title in the reader's language (the `edition` entries of the catalogue)."""
    return p_("edition", get_edition(edition_id).title)
