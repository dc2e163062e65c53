"""Leaderboard footers in the reader's words (issue 41): the players counted with their plural
form ("1 players" was English and wrong), ranked by words German readers read (the tally
names were English: "Nach crowns, tokens of affection und hearts"), for both games."""

from __future__ import annotations

import pytest

from bot.games.adventure import leaderboard as adventure
from bot.games.loveletter import leaderboard as loveletter
from bot.i18n import use_locale
from bot.service.boards import BoardPage


def footer(render: object, game: str, order: str, size: int, locale: str = "en") -> str:
    page = BoardPage(7, game, None, order, 0, 1, size, ())
    with use_locale(locale):
        return str(render(page)["footer"]["text"])  # type: ignore[operator]


@pytest.mark.parametrize(
    ("render", "game", "order"),
    [
        (loveletter.render_board, "loveletter", "tally"),
        (adventure.render_board, "adventure", "games_won"),
    ],
)
def test_a_footer_counts_its_players(render: object, game: str, order: str) -> None:
    assert footer(render, game, order, 1).endswith("· page 1/1 · 1 player")
    assert footer(render, game, order, 2).endswith("· page 1/1 · 2 players")
    assert footer(render, game, order, 1, "de").endswith("· Seite 1/1 · 1 Person")
    assert footer(render, game, order, 4, "de").endswith("· Seite 1/1 · 4 Personen")


def test_the_all_editions_board_names_each_tally_in_german() -> None:
    assert footer(loveletter.render_board, "loveletter", "tally", 4, "de") == (
        "Sortiert nach: Kronen, Zuneigungsmarker und Herzen · Seite 1/1 · 4 Personen"
    )
    assert footer(adventure.render_board, "adventure", "rating", 4, "de").startswith(
        "Sortiert nach: Spielstärke ·"  # the rating, never "Wertung" (the glossary)
    )
