"""The Hobbit Adventure's content in German (issue 36): the `adventure_content` and
`adventure_pictures` catalogues are complete, card help reads in German with German names,
riddles and answer words, a card is found by its German name as well as its English one, and
in the pseudo-locale no English word of card help slips past the catalogue."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.games.adventure.text.cardlookup import card_answer, card_choices
from bot.games.adventure.text.cards import card_help, card_text, find_cards, riddle_help
from bot.games.adventure.text.content import answer_words, in_every_language
from bot.i18n import _, force_locale, use_locale
from bot.i18n.pseudo import plain_words
from bot.i18n.tool import template
from bot.service import GameError
from engine.adventure import board as B
from engine.adventure.cards import CARDS, HELD, SECRET
from engine.adventure.riddles import BY_ID

FIELD = re.compile(r"\{[^{}]*\}")


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def test_every_place_card_riddle_and_answer_word_has_a_german_entry() -> None:
    """The extractor lists all of the engine's content (so `_(english)` finds German)."""
    ids = {m.id for m in template("adventure_content")}  # type: ignore[attr-defined]
    names = {p.name for p in B.PLACES.values()} | {c.name for c in CARDS.values()}
    said = {r.text for r in BY_ID.values()} | {a for r in BY_ID.values() for a in r.answers}
    assert names | said <= ids
    assert len({c.name for c in CARDS.values()}) >= 100


@pytest.fixture
def german() -> Iterator[str]:
    with use_locale("de") as locale:
        yield locale


def test_places_read_as_german_readers_know_them(german: str) -> None:
    names = {pid: _(place.name) for pid, place in B.PLACES.items()}
    assert names["rivendell"] == "Bruchtal" and names["mirkwood"] == "Düsterwald"
    assert names["gladden_fields"] == "Schwertelfelder" and names["trollshaws"] == "Trollhöhen"
    assert names["weathertop"] == "Wetterspitze" and names["lake_town"] == "Seestadt"
    assert names["grey_havens"] == "Graue Anfurten" and names["hobbiton"] == "Hobbingen"
    assert names["lorien"] == "Lórien" and names["carn_dum"] == "Carn Dûm"


def test_card_help_reads_in_german(german: str) -> None:
    assert card_help("equipment", "lantern") == (
        "Laterne (Ausrüstung) — +1 gegen Gefahr-Kreaturen."
    )
    assert card_help("peril", "giant_spider") == (
        "Riesenspinne (Gefahr) — Eine Kreatur: Stärke = grüner Würfel + 4. Besiegst du sie:"
        " 2 Geldkarten Gold; besiegt sie dich: −3 LP. Eine Laterne zählt +1 gegen sie."
    )
    assert card_help("rest", "good_night_s_sleep") == (
        "Erholsamer Schlaf (Rast) — +2 LP sofort (nie über 12)."
    )
    assert card_text("athelas") == "Athelas — Jederzeit: Heile 3 LP."
    assert "Du wirst zu den Schwertelfeldern getrieben" in card_help("adventure", "swept_downriver")


def test_riddles_show_german_riddles_and_answer_words(german: str) -> None:
    assert riddle_help("r05") == (
        "Rätsel 05: „Ich beuge die Bäume und drehe die Mühle, doch niemand hat je mein Gesicht"
        " gesehen.“ Gestellt, lautet die Antwort Wind; als Antwort passt die Karte auf jedes"
        " Rätsel mit der Antwort Wind oder Fluss."
    )
    assert card_text("r17").endswith("— Antworten: Schlüssel, Karte")
    assert answer_words("r01") == ["Ei", "Feuer", "Echo"]
    assert card_help("riddle", "r11").startswith("Rätsel 11 (Rätsel, geheim) — „Ich laufe")


def test_a_card_is_found_by_its_german_or_english_name(german: str) -> None:
    assert find_cards("Laterne") == find_cards("lantern") == [("equipment", "lantern")]
    assert find_cards("Höhlentroll") == [("peril", "cave_troll"), ("danger", "cave_troll")]
    assert find_cards("hohlentroll") == find_cards("Höhlentroll")  # the umlaut may be left out
    assert card_answer("Laterne") == card_help("equipment", "lantern")
    assert card_choices("Later") == [("Laterne (Ausrüstung)", "equipment:lantern")]
    assert ("Laterne (Ausrüstung)", "equipment:lantern") in card_choices("lantern")
    assert card_choices("spinne")[0] == ("Spinnenkönigin (Unheil)", "danger:spider_queen")
    with pytest.raises(GameError, match="Keine Karte heißt „Balrog“"):
        card_answer("Balrog")


def test_every_language_of_a_name_is_known_whoever_reads() -> None:
    """What card lookup (and a leak check) matches: the English name and the German one."""
    assert in_every_language("Lantern") == {"Lantern", "Laterne"}
    assert in_every_language("Rivendell") == {"Rivendell", "Bruchtal"}
    with force_locale("pseudo"):
        assert in_every_language("Rope") == {"Rope", "Seil"}


def test_an_english_reader_finds_a_card_typed_in_german() -> None:
    assert find_cards("Laterne") == [("equipment", "lantern")]
    assert card_choices("Laterne") == [("Lantern (Equipment)", "equipment:lantern")]
    assert card_help("equipment", "lantern") == "Lantern (Equipment) — +1 against Peril creatures."


def test_card_help_of_every_card_goes_through_the_catalogue() -> None:
    """In the pseudo-locale every letter of a translated text is swapped: a plain word left in
    card help, a card's line, a riddle or the lookup's answers skipped the catalogue."""
    with force_locale("pseudo"):
        said = [card_help(deck, cid) for deck, cid in CARDS]
        said += [card_text(cid) for cid in HELD] + [riddle_help(cid) for cid in BY_ID]
        said += [label for label, _value in card_choices("")]
        for typed in ("qqq", "o"):
            with pytest.raises(GameError) as refused:
                card_answer(typed)
            said.append(str(refused.value))
    assert len(said) > 200 and SECRET
    assert [w for line in said for w in plain_words(line, frozenset({"qqq"}))] == []


def test_english_stays_as_it_was() -> None:
    assert _("Rivendell") == "Rivendell"
    assert riddle_help("r05").startswith("Riddle 05: “I bend the trees")
    assert "Asked, its answer is wind; it answers a riddle whose answer is wind or river." in (
        riddle_help("r05")
    )
