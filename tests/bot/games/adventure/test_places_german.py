"""Middle-earth's places after a preposition read as German players expect (issue 36):
"Reise zum Alten Wald", "von Hobbingen zu den Grauen Anfurten gezogen", "im Alten Wald", not
the nominative name in a fixed frame ("nach Alter Wald"). Each place has its own catalogue
phrase per preposition (bot/games/adventure/text/places.py); English reads as it always did."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.cli.adventure_help import board_lines
from bot.games.adventure.messages.board import alt_text
from bot.games.adventure.text import happenings
from bot.games.adventure.text.events import event_line
from bot.games.adventure.text.labels import decision_label
from bot.games.adventure.text.names import card_name
from bot.games.adventure.text.places import place_at, place_from, place_to
from bot.games.adventure.text.reasons import reason_text
from bot.i18n import use_locale
from engine.adventure import GAME
from engine.adventure import board as B
from engine.adventure.decisions import D
from engine.adventure.reasons import why
from engine.adventure.scenario import build
from tests.bot.games.adventure.picture_tables import after_roll, table

ROOT = Path(__file__).resolve().parents[4]

# place: (to, from, at), as German readers know the names (with article and case).
GERMAN = {
    "grey_havens": ("zu den Grauen Anfurten", "von den Grauen Anfurten", "an den Grauen Anfurten"),
    "rivendell": ("nach Bruchtal", "von Bruchtal", "in Bruchtal"),
    "lorien": ("nach Lórien", "von Lórien", "in Lórien"),
    "thranduil_s_halls": ("zu Thranduils Hallen", "von Thranduils Hallen", "in Thranduils Hallen"),
    "rhosgobel": ("nach Rhosgobel", "von Rhosgobel", "in Rhosgobel"),
    "hobbiton": ("nach Hobbingen", "von Hobbingen", "in Hobbingen"),
    "ered_luin": ("zu den Ered Luin", "von den Ered Luin", "in den Ered Luin"),
    "bree": ("nach Bree", "von Bree", "in Bree"),
    "lake_town": ("nach Seestadt", "von Seestadt", "in Seestadt"),
    "dale": ("nach Thal", "von Thal", "in Thal"),
    "erebor": ("zum Erebor", "vom Erebor", "im Erebor"),
    "iron_hills": ("zu den Eisenbergen", "von den Eisenbergen", "in den Eisenbergen"),
    "old_forest": ("zum Alten Wald", "vom Alten Wald", "im Alten Wald"),
    "weathertop": ("zur Wetterspitze", "von der Wetterspitze", "auf der Wetterspitze"),
    "north_downs": ("zu den Nordhöhen", "von den Nordhöhen", "auf den Nordhöhen"),
    "trollshaws": ("zu den Trollhöhen", "von den Trollhöhen", "in den Trollhöhen"),
    "hollin": ("nach Hulsten", "von Hulsten", "in Hulsten"),
    "carrock": ("zum Carrock", "vom Carrock", "am Carrock"),
    "gladden_fields": (
        "zu den Schwertelfeldern",
        "von den Schwertelfeldern",
        "auf den Schwertelfeldern",
    ),
    "forest_road": ("zur Waldstraße", "von der Waldstraße", "auf der Waldstraße"),
    "brown_lands": ("zu den Braunen Landen", "von den Braunen Landen", "in den Braunen Landen"),
    "long_marshes": ("zu den Langen Sümpfen", "von den Langen Sümpfen", "in den Langen Sümpfen"),
    "gundabad": ("nach Gundabad", "von Gundabad", "in Gundabad"),
    "barrow_downs": (
        "zu den Hügelgräberhöhen",
        "von den Hügelgräberhöhen",
        "auf den Hügelgräberhöhen",
    ),
    "mount_gram": ("zum Berg Gram", "vom Berg Gram", "am Berg Gram"),
    "ettenmoors": ("zu den Ettenöden", "von den Ettenöden", "in den Ettenöden"),
    "high_pass": ("zum Hohen Pass", "vom Hohen Pass", "auf dem Hohen Pass"),
    "mirkwood": ("zum Düsterwald", "vom Düsterwald", "im Düsterwald"),
    "withered_heath": (
        "zur Verdorrten Heide",
        "von der Verdorrten Heide",
        "auf der Verdorrten Heide",
    ),
    "grey_mountains": ("zum Grauen Gebirge", "vom Grauen Gebirge", "im Grauen Gebirge"),
    "moria": ("nach Moria", "von Moria", "in Moria"),
    "dol_guldur": ("nach Dol Guldur", "von Dol Guldur", "in Dol Guldur"),
    "carn_dum": ("nach Carn Dûm", "von Carn Dûm", "in Carn Dûm"),
}


def test_every_place_has_its_german_to_from_and_at() -> None:
    assert set(GERMAN) == set(B.PLACES)
    with use_locale("de"):
        found = {pid: (place_to(pid), place_from(pid), place_at(pid)) for pid in B.PLACES}
    assert found == GERMAN


def test_in_english_a_phrase_is_the_preposition_and_the_name() -> None:
    for pid, place in B.PLACES.items():
        said = (place_to(pid), place_from(pid), place_at(pid))
        assert said == (f"to {place.name}", f"from {place.name}", f"at {place.name}")


def _moved(frm: str, to: str, how: str = "travel") -> dict[str, Any]:
    return {"type": "moved", "player": "rosie", "frm": frm, "to_place": to, "how": how}


def test_a_move_reads_in_german_with_article_and_case() -> None:
    with use_locale("de"):
        other = event_line(_moved("hobbiton", "grey_havens"), me="bilbo")
        mine = event_line(_moved("old_forest", "weathertop", "forced"), me="rosie")
        back = event_line(_moved("grey_havens", "old_forest"), me="bilbo")
    assert other == "rosie ist von Hobbingen zu den Grauen Anfurten gezogen."
    assert mine == "Du bist vom Alten Wald zur Wetterspitze gezogen (dorthin geschickt)."
    assert back == "rosie ist von den Grauen Anfurten zum Alten Wald gezogen."
    assert event_line(_moved("hobbiton", "grey_havens"), me="bilbo") == (
        "rosie moved from Hobbiton to Grey Havens."
    )
    assert event_line(_moved("old_forest", "weathertop", "forced"), me="rosie") == (
        "You moved from Old Forest to Weathertop (sent there)."
    )


def test_travel_and_go_choices_read_in_german() -> None:
    view = {"me": "bilbo", "hobbits": {"bilbo": {"place": "hobbiton"}}}
    with use_locale("de"):
        travel = decision_label(D("travel", to="old_forest"), view)
        havens = decision_label(D("travel", to="grey_havens"), view)
        go = decision_label(D("choose", option="weathertop"), view)
    assert travel == "Reise zum Alten Wald ● Abenteuer (1 Weg)"
    assert havens.startswith("Reise zu den Grauen Anfurten ")
    assert go == "Geh zur Wetterspitze"
    assert decision_label(D("travel", to="old_forest"), view) == (
        "Travel to Old Forest ● adventure (1 road)"
    )
    assert decision_label(D("choose", option="weathertop"), view) == "Go to Weathertop"


def test_a_fight_on_the_board_is_at_its_place() -> None:
    view = {
        "hobbits": {"ann": {"place": "mirkwood"}},
        "fight": {"fighter": "ann", "card": "warg", "deck": None},
    }
    with use_locale("de"):
        german = happenings.banner(view, {"ann": "Ann"}, None)
    assert german.startswith("Kampf im Düsterwald: Ann gegen ")
    assert happenings.banner(view, {"ann": "Ann"}, None).endswith(" at Mirkwood")


def test_a_refusal_names_the_place_with_its_article() -> None:
    data = {"seed": 1, "hobbits": {"ann": {"place": "old_forest"}}, "dice": {"movement": [1]}}
    state = build(data, ["ann", "bob"], "ann")
    state, _unused = GAME.apply(state, "ann", D("roll"))
    reason = why(state, "ann", D("travel", to="old_forest"))
    assert reason == "You began your turn at Old Forest; travel ends somewhere else."
    with use_locale("de"):
        german = reason_text(reason)
    assert german == "Du hast deinen Zug im Alten Wald begonnen; eine Reise endet woanders."


def test_the_terminal_game_travels_in_german() -> None:
    """A real `python -m bot play --lang de`: the hobbits' journeys read as German sentences."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    result = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--game", "adventure", "--lang", "de"]
        + ["--seed", "4", "--ai", "novice", "--name", "Bilbo"],
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT)},
        input="1\n" * 12,
        capture_output=True,
        text=True,
        timeout=120,
    )
    out = result.stdout
    assert "Rosie Cotton ist von Hobbingen zu den Grauen Anfurten gezogen." in out
    assert "  1. Reise zum Alten Wald ● Abenteuer (1 Weg)" in out
    assert "Du bist von Hobbingen zum Alten Wald gezogen." in out
    assert "  1. Geh zur Wetterspitze" in out
    assert "nach Alter Wald" not in out and "nach Graue Anfurten" not in out


def test_a_card_or_creature_name_stands_where_german_needs_no_article() -> None:
    """Card names are names without their article ("Hügeltroll"): German sentences name them
    as a label or after "die Karte", never as a bare object ("Du hast Hügeltroll gezogen")."""
    drawn = {"type": "drawn", "player": "ann", "deck": "adventure", "card": "hill_troll"}
    fight = {"type": "fight_began", "player": "ann", "deck": "adventure", "card": "hill_troll"}
    kept = {"type": "kept", "player": "ann", "card": "ranger"}
    with use_locale("de"):
        lines = [event_line(e, me="ann") for e in (drawn, fight, kept)]
        troll, ranger = card_name("hill_troll", "adventure"), card_name("ranger")
    assert lines == [
        f"Du hast gezogen: {troll} (Abenteuer).",
        f"Du musst kämpfen: {troll}.",
        f"Du behältst die Karte {ranger}.",
    ]
    assert [event_line(e, me="ann") for e in (drawn, fight)] == [
        "You drew Hill troll (Adventure).",
        "You must fight Hill troll.",
    ]


def test_the_board_picture_alt_text_says_where_each_hobbit_is_in_german() -> None:
    state = after_roll()
    state.hobbits["cid"].place = "grey_havens"
    state.hobbits["dee"].place = "old_forest"
    move = ("dee", "hobbiton", "old_forest")
    with use_locale("de"):
        said = alt_text(table(state, move))
    assert said.startswith(
        "Der Spielplan von Mittelerde: Ann in Bruchtal, Standard bot 1 in Bruchtal,"
        " Standard bot 2 an den Grauen Anfurten, Dee im Alten Wald."
        " Letzter Zug: Dee, Hobbingen → Alter Wald."
    )
    assert alt_text(table(state, move)).startswith(
        "The board of Middle-earth: Ann at Rivendell, Standard bot 1 at Rivendell,"
        " Standard bot 2 at Grey Havens, Dee at Old Forest. Last move: Dee, Hobbiton to Old Forest."
    )


def test_the_terminal_board_lists_each_places_neighbours_as_names() -> None:
    view = {"me": "1", "hobbits": {"1": {"place": "hobbiton", "out": False}}, "board": {}}
    with use_locale("de"):
        lines = board_lines(view, {"1": "Bilbo"})
    assert lines[1].endswith(" — Nachbarorte: Graue Anfurten, Ered Luin, Alter Wald")
