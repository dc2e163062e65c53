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


def join_names(names: Mapping[str, str], player_ids: Iterable[str]) -> str:
    return ", ".join(name(names, p) for p in player_ids) or "nobody"
