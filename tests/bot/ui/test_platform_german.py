"""The platform's texts in German: a few sentences read as German players expect (that every
message has its German is tests/bot/i18n/test_catalogues.py's, for every catalogue)."""

from __future__ import annotations

from bot.i18n import use_locale
from bot.service import errors
from bot.ui.rating_chart import alt_text
from bot.ui.ratings import stats_text
from storage.skill import Rating


def test_refusals_in_german() -> None:
    with use_locale("de"):
        assert str(errors.NotYourTurn("ann")) == "ann ist am Zug."
        # The command as a German client has it; the game's name not glued into a compound.
        assert errors.NoGame().for_game("Love Letter", "loveletter") == (
            "In diesem Kanal läuft kein Spiel (Love Letter). Starte eines mit `/loveletter neu`."
        )
        assert (
            errors.ChannelHasGame()
            .for_game("Der Hobbit", "adventure")
            .endswith("(oder mit `/abenteuer beenden`).")
        )
    assert str(errors.NotYourTurn("ann")) == "It's ann's turn."  # English stays the default


def test_ratings_in_german() -> None:
    rating = Rating(mu=30.0, sigma=4.0, games=3)
    with use_locale("de"):
        text = stats_text(rating, [(25.0, 8.3), (30.0, 4.0)])
        alt = alt_text("ann", [(25.0, 8.3), (30.0, 4.0)])
    assert text == (
        "Spielstärke 1720 ±160 (3 gewertete Spiele). In der Rangliste nach 5 gewerteten Spielen."
        " ▲ +716 in 1 gewertetem Spiel."
    )
    assert alt.startswith("Spielstärke von ann über die letzten 2 gewerteten Spiele: von ")


def test_the_rating_charts_words_count_its_games() -> None:
    """One rated game is one, in both languages (it said "their last 1 rated games")."""
    one = [(25.0, 8.3)]
    assert alt_text("ann", one).startswith("ann's rating over their last 1 rated game: from ")
    with use_locale("de"):
        assert alt_text("ann", one).startswith("Spielstärke von ann nach 1 gewertetem Spiel: ")
