"""Card and player names as players read them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.loveletter.editions import edition as get_edition


def label(edition_id: str, card_id: str) -> str:
    """`Guardswoman (Wächterin, 1)`: the name players know plus the value."""
    try:
        return get_edition(edition_id).card(card_id).label
    except (KeyError, ValueError):
        return card_id


def labels(edition_id: str, card_ids: Iterable[str]) -> str:
    return ", ".join(label(edition_id, c) for c in card_ids) or "—"


def guess_text(edition_id: str, guess: object) -> str:
    """A named card, or a named value (Pegasus names values)."""
    if isinstance(guess, int) and not isinstance(guess, bool):
        return f"value {guess}"
    return label(edition_id, str(guess))


def name(names: Mapping[str, str], player_id: str) -> str:
    return names.get(player_id, player_id)


def join_names(
    names: Mapping[str, str], player_ids: Iterable[str], viewer: str | None = None
) -> str:
    """`Ann, Bo and you`: names joined in English, the viewer as "you" and last."""
    ids = list(player_ids)
    parts = [name(names, p) for p in ids if p != viewer] + ["you"] * (viewer in ids)
    if len(parts) < 2:
        return parts[0] if parts else "nobody"
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# What each step of choosing a move asks (the hand's select placeholder, the terminal's heading).
ASK = {
    "target": "Choose a player",
    "targets": "Choose a player",
    "partner": "Choose the second player",
    "guess": "Name a card",
    "look": "Whose hand do you look at?",
}


def ask_text(edition_id: str, field: str) -> str:
    """The question of one choice step; Pegasus names values, not cards (PEG-10)."""
    if field == "guess" and get_edition(edition_id).guess_by_value:
        return "Name a value"
    return ASK.get(field, "Choose")


def choice_label(
    edition_id: str, names: Mapping[str, str], me: str, field: str, value: object
) -> str:
    """One offered value of a choice step: a player ("Yourself"), a named card or value."""
    if field == "guess":
        if isinstance(value, int) and not isinstance(value, bool):
            cards = [c.name for c in get_edition(edition_id).cards if c.value == value]
            return f"{value} — {' / '.join(dict.fromkeys(cards))}"
        return label(edition_id, str(value))
    if field == "partner" and value is None:
        return "Nobody else"
    if field in ("target", "targets", "partner", "look"):
        return "Yourself" if value == me else name(names, str(value))
    return str(value)


def counted(count: int, noun: str) -> str:
    """`1 game`, `2 games`, `0 rounds`."""
    return f"{count} {noun if count == 1 else noun + 's'}"


def tally(edition_id: str, count: int) -> str:
    """`1 crown`, `2 tokens of affection`, `0 hearts`: the edition's own tally word."""
    ed = get_edition(edition_id)
    return f"{count} {ed.tally if count == 1 else ed.tallies}"


def tally_list(
    edition_id: str,
    names: Mapping[str, str],
    tokens: Iterable[tuple[str, int]],
    viewer: str | None = None,
) -> str:
    """`Bo – 5 crowns, you – 3 crowns`: most first, never "Standard bot 1 3"."""
    ranked = sorted(tokens, key=lambda pt: -pt[1])
    return ", ".join(
        f"{'you' if p == viewer else name(names, p)} – {tally(edition_id, t)}" for p, t in ranked
    )
