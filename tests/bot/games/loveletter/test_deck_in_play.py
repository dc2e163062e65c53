"""The Discord hand's guess select names the cards of the deck in play: Pegasus at 2-4 players
has no expansion card (PEG-1), so "5 — Prince / Count" would name a card nobody can hold and
the values offered are those of that deck (PEG-10)."""

from __future__ import annotations

import re

import pytest

from engine.loveletter.editions import edition
from tests.bot.games.loveletter.german_games import play_game

GUESS = re.compile(r"^(\d) — (.*)$")


def _guess_labels(players: int, seed: int) -> dict[int, set[str]]:
    """Every guess option of every hand in a whole game: value -> the cards it names."""
    labels: dict[int, set[str]] = {}
    for text in play_game("pegasus", players, seed).texts:
        found = GUESS.match(text)
        if found:
            labels.setdefault(int(found.group(1)), set()).update(found.group(2).split(" / "))
    return labels


def _named(players: int) -> dict[int, set[str]]:
    """What each value should name: the cards of that value in the deck of `players`."""
    deck = set(edition("pegasus").deck(players))
    out: dict[int, set[str]] = {}
    for card in edition("pegasus").cards:
        if card.id in deck and card.value != 1:
            out.setdefault(card.value, set()).add(card.name)
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 4), (4, 6), (6, 7)])
def test_the_guess_select_names_exactly_the_cards_of_the_deck_in_play(
    players: int, seed: int
) -> None:
    offered = _guess_labels(players, seed)
    assert offered, "no guess was offered"
    expected = _named(players)
    for value, cards in offered.items():
        assert cards == expected[value], value
