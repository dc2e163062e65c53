"""Love Letter proofread for German readers: counts in German grammar ("1 Karte", never
"Karte(n)"), and one word for one thing across every catalogue a Love Letter player reads
(the glossary at the top of loveletter.po)."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from babel.messages.pofile import read_po

import engine.loveletter as engine
from bot.games.loveletter.messages.glance import picture_alt
from bot.games.loveletter.models import public_table
from bot.games.loveletter.text.terminal import table_lines
from bot.i18n import use_locale
from bot.i18n.catalogues import LOCALE_DIR

NAMES = {"p0": "Ann", "p1": "Bob"}


def _view(draw_pile: int) -> engine.PlayerView:
    state = engine.new_game("pegasus", list(NAMES), random.Random(3), names=NAMES)
    return replace(engine.player_view(state, "p0"), draw_pile=draw_pile)


@pytest.mark.parametrize(("pile", "german"), [(1, "1 Karte"), (9, "9 Karten")])
def test_terminal_draw_pile_counts_cards_in_german(pile: int, german: str) -> None:
    with use_locale("de"):
        head = table_lines(_view(pile), NAMES)[0]
    assert head == f"Runde 1 · Nachziehstapel: {german}"
    # English keeps its words byte for byte
    assert table_lines(_view(pile), NAMES)[0] == f"Round 1 · draw pile: {pile} card(s)"


@pytest.mark.parametrize(("pile", "german"), [(1, "1 Karte"), (9, "9 Karten")])
def test_table_picture_alt_counts_cards_in_german(pile: int, german: str) -> None:
    state = engine.new_game("pegasus", list(NAMES), random.Random(3), names=NAMES)
    table = replace(
        public_table(1, 0, engine.player_view(state, None), NAMES, None), draw_pile=pile
    )
    with use_locale("de"):
        alt = picture_alt(table)
    assert alt.startswith(f"Der Tisch, Runde 1: {german} im Nachziehstapel.")
    assert picture_alt(table).startswith(f"The table, round 1: {pile} cards in the draw pile.")


DOMAINS = ("loveletter", "loveletter_pictures", "platform", "commands", "terminal")
# A word the glossary replaced, and the word German players read instead.
AVOIDED = {
    r"Ablagestapel": "Ablage",
    r"Gastgeber|\bHost\b": "Spielleitung",
    r"Bestenliste": "Rangliste",
    r"\bPartien?\b": "Spiel",
    r"\b(einen|Diesen) Bot\b|^Bots ": "KI",  # an AI seat; "der Bot" is the Discord bot
    r"Zug-Timer": "Zugzeit",
    r"Wiedergabe": "Wiederholung",
    r"\(n\)": "a singular and a plural form",
    r"\bVermutung": "Tipp",
    r"\bSpieler\b": "Person / Personen / Mitspielende",
}


def _german(domain: str) -> list[tuple[str, str]]:
    """(English, German) of every message in `domain` a Love Letter player may read."""
    with (LOCALE_DIR / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as source:
        catalogue = read_po(source, locale="de")
    found = []
    for message in catalogue:
        if not message.id or all("adventure" in path for path, _ in message.locations):
            continue  # the Adventure's own texts have their own proofreading
        english = message.id if isinstance(message.id, str) else message.id[0]
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(english, text) for text in texts]
    return found


@pytest.mark.parametrize("domain", DOMAINS)
def test_one_german_word_for_one_thing(domain: str) -> None:
    """The glossary's words: no catalogue says Ablagestapel where another says Ablage."""
    bad = [
        f"{english!r}: {german!r} (say {instead})"
        for english, german in _german(domain)
        for avoided, instead in AVOIDED.items()
        if re.search(avoided, german)
    ]
    assert bad == []


def test_rating_is_spielstarke_everywhere() -> None:
    """Rating (the skill number) and tally (crowns, hearts) are two words in German."""
    ratings = [
        german
        for domain in DOMAINS
        for english, german in _german(domain)
        if re.search(r"\brating\b", english, re.IGNORECASE)
    ]
    assert ratings
    assert [g for g in ratings if "Wertung" in g and "Spielstärke" not in g] == []


def test_glossary_heads_the_love_letter_catalogue() -> None:
    head = (LOCALE_DIR / "de" / "LC_MESSAGES" / "loveletter.po").read_text()[:4000]
    assert "# Glossary" in head
    assert "host (who opened the lobby) = die Spielleitung" in head
