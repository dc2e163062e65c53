"""Every text of whole Adventure games goes through the catalogue: played in the pseudo-locale
(each letter of a translated template swapped for a look-alike), no plain English word may be
left in what a player reads, bar the players' names (issue 36)."""

from __future__ import annotations

import pytest

from bot.i18n import force_locale
from bot.i18n.pseudo import plain_words
from tests.bot.games.adventure.i18n_games import ALLOWED, game_texts, other_texts


def _leaks(texts: object) -> dict[str, str]:
    """Each plain word found, with the first text it was found in."""
    found: dict[str, str] = {}
    for said in texts:  # type: ignore[attr-defined]
        for word in plain_words(said, ALLOWED):
            found.setdefault(word, said)
    return found


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 4), (4, 5)])
def test_a_whole_game_reads_through_the_catalogue(players: int, seed: int) -> None:
    with force_locale("pseudo"):
        leaks = _leaks(game_texts(players, seed))
    assert leaks == {}


def test_lobby_boards_stats_dms_and_help_read_through_the_catalogue() -> None:
    with force_locale("pseudo"):
        leaks = _leaks(other_texts())
    assert leaks == {}
