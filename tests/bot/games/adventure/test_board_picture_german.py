"""The board picture in German (issue 36): place names, the key, the legend and the player
strip in the reader's language, against a committed German reference; long German names on
two lines where the catalogue breaks them; every word through the catalogue (pseudo-locale);
each language's picture drawn from its own cached background."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from bot.bench.pictures_adventure import positions
from bot.games.adventure.pictures import panel
from bot.games.adventure.pictures.background import background
from bot.games.adventure.pictures.board import render
from bot.games.adventure.pictures.facts import BoardFacts
from bot.games.adventure.pictures.from_table import facts
from bot.games.adventure.pictures.layout import TWO_LINES, key, name_lines, place_names
from bot.games.adventure.pictures.tokens import spots
from bot.i18n import _, force_locale, use_locale
from bot.i18n.pseudo import plain_words
from tests.bot.games.adventure.picture_tables import NAMES, fight, table
from tests.bot.games.adventure.test_board_picture import _check

BANNER = "Ann kämpft in Moria gegen einen Höhlentroll"
"""The banner is the game's sentence (another catalogue's): fixed here, so this picture tests
only what the picture itself writes."""


def _fight() -> BoardFacts:
    return dataclasses.replace(facts(table(fight())), banner=BANNER)


def _words(f: BoardFacts) -> list[str]:
    """Every text the picture writes: place names, the key, the strip and the legend."""
    return [t.text for t in (*place_names(), *(k.text for k in key()), *panel.texts(f))]


@pytest.fixture
def german() -> Iterator[str]:
    with use_locale("de") as locale:
        yield locale


def test_the_board_in_german_matches_its_reference(german: str) -> None:
    _check("board_fight_de", render(_fight()))


def test_the_board_writes_german_names_key_legend_and_strip(german: str) -> None:
    words = _words(_fight())
    for word in ("Bruchtal", "Düsterwald", "Seestadt", "Wetterspitze", "Trollhöhen", "Hobbingen"):
        assert word in words
    assert {"Zuflucht", "Dorf", "Abenteuer", "Gefahr", "Unheil", "Hort"} <= set(words)
    assert {"Erreichbar", "Talismane", "Letzter Zug", "Am Zug", "Kampf", "Rätselduell"} <= set(
        words
    )
    assert {"LP 12", "Gold 10", "Kämpft", "Raus"} <= set(words)
    assert "Rivendell" not in words and "Haven" not in words


def test_long_german_names_break_where_the_catalogue_breaks_them(german: str) -> None:
    assert name_lines("gladden_fields") == ("Schwertel-", "felder")
    assert name_lines("barrow_downs") == ("Hügelgräber-", "höhen")
    assert name_lines("thranduil_s_halls") == ("Thranduils", "Hallen")
    assert name_lines("north_downs") == ("Nordhöhen",)
    assert name_lines("brown_lands") == ("Braune", "Lande")  # wider than LONG: broken too
    for pid in TWO_LINES:
        assert "\n".join(name_lines(pid)) == _(TWO_LINES[pid]), "the name and its lines differ"


def test_every_word_on_the_board_goes_through_the_catalogue() -> None:
    """The banner left out: it is the game's sentence (bot/games/adventure/text/happenings.py)."""
    with force_locale("pseudo"):
        words = _words(dataclasses.replace(facts(table(fight())), banner=""))
    allowed = frozenset(w for name in NAMES for w in name.split())
    assert [w for text in words for w in plain_words(text, allowed)] == []
    assert len(words) > 50


def test_every_word_of_real_games_boards_goes_through_the_catalogue() -> None:
    """Seeded games of 2–4 AI hobbits (fights, duels, hobbits out, winners), every position's
    picture words in the pseudo-locale; the banner left out as above."""
    with force_locale("pseudo"):
        boards = [dataclasses.replace(f, banner="") for f in positions(120, seed=5)]
        words = [w for f in boards for w in _words(f)]
        marks = {h.mark for f in boards for h in f.hobbits}
    assert {"fight", None} <= marks
    assert [w for text in words for w in plain_words(text, frozenset({"Hobbit"}))] == []


def test_each_language_draws_its_own_board() -> None:
    """The backgrounds and name boxes are cached per language: a German picture never comes
    out with English names (or the other way round) whichever was drawn first."""
    english, english_spots = render(_fight()), spots("grey_havens")
    english_background = background(4).tobytes()
    with use_locale("de"):
        german = render(_fight())
        assert background(4).tobytes() != english_background
        assert spots("grey_havens") != english_spots  # Hobbingen is wider than Hobbiton
    assert german != english
    assert render(_fight()) == english
    with use_locale("de"):
        assert render(_fight()) == german
