"""The platform's texts in German: its catalogue is complete (every message the code holds has
a German text with the same placeholders), and a few sentences read as German players expect."""

from __future__ import annotations

import string
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import use_locale
from bot.i18n.tool import template
from bot.service import errors
from bot.ui.rating_chart import alt_text
from bot.ui.ratings import stats_text
from storage.skill import Rating

PO = Path(__file__).resolve().parents[2] / "bot/locale/de/LC_MESSAGES/platform.po"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_platform_message_has_german_with_the_same_placeholders() -> None:
    with PO.open("rb") as source:
        german = read_po(source)
    problems = []
    for message in template("platform"):  # type: ignore[attr-defined]
        if not message.id:
            continue
        found = german.get(message.id, context=message.context)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = () if found is None else found.string
        texts = texts if isinstance(texts, tuple) else (texts,)
        if found is None or not all(texts) or found.fuzzy:
            problems.append(("untranslated", ids[0]))
            continue
        for i, text in enumerate(texts):
            if _fields(text) != _fields(ids[min(i, len(ids) - 1)]):
                problems.append(("placeholders", text))
    assert problems == []


def test_refusals_in_german() -> None:
    with use_locale("de"):
        assert str(errors.NotYourTurn("ann")) == "ann ist am Zug."
        assert errors.NoGame().for_game("Love Letter", "loveletter") == (
            "In diesem Kanal läuft kein Love Letter-Spiel. Starte eines mit `/loveletter new`."
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
