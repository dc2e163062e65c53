"""What a German reader sees of an Adventure game: the fight and its count, the waiting line,
the reader's own moves ("Du …"), a help topic, the pack (issue 36). Names from the game's data
come from the content's catalogue, so they are read through the same translation here."""

from __future__ import annotations

from bot.games.adventure.messages.pack import pack_message
from bot.games.adventure.messages.table import mention
from bot.games.adventure.models import Pack, Seat
from bot.games.adventure.text import combat, rulebook, waiting
from bot.games.adventure.text.lines import event_line
from bot.games.adventure.text.names import card_name
from bot.i18n import use_locale
from engine.adventure import GAME
from engine.adventure.decisions import D
from engine.adventure.scenario import build

NAMES = {"1": "Ann", "2": "Bob"}
FIGHT = {"fighter": "1", "card": "hill_troll", "deck": "adventure", "chased": False}


def test_a_fight_line_and_its_count_in_german() -> None:
    view = {"fight": FIGHT | {"power": 10, "dice": ["p1", "d1", "p1"]}}
    with use_locale("de"):
        troll = card_name("hill_troll", "adventure")
        line = waiting.fight_line(view, NAMES)
        count = combat.combat_count(["p1", "d2", "p3"], {"weapon": 2, "defence": 1}, 10)
    assert line == f"⚔️ Kampf: Ann gegen {troll} — Stärke 10; Würfel [•] [1] [•] = 1"
    assert count == (
        "[•] [2] [•••]: Zahlen 2, Punkte 1+3 = 4 → 4 − 2 = 2;"
        " Wurf 2 + beste Waffe 2 + Schild/Mithril 1 = 5 gegen Stärke 10: es fehlen 5."
    )


def test_the_waiting_line_in_german() -> None:
    seats = {"1": Seat("1", "Ann", "#e0582b", "orange")}
    view = {"pending": {"kind": "roll", "player": "1"}}
    with use_locale("de"):
        said = waiting.waiting_line(view, "1", mention(seats["1"]), seats)
    assert said == "⏳ Warten auf <@1>: den Bewegungswürfel werfen."


def test_the_readers_own_moves_say_du_and_others_by_name() -> None:
    rolled = {"type": "rolled", "player": "1", "die": "movement", "result": 3, "why": "travel"}
    taken = {"type": "taken", "player": "2", "frm": "1", "what": "talisman", "thing": "blue"}
    with use_locale("de"):
        assert event_line(rolled, NAMES, "1") == "Du hast den Bewegungswürfel geworfen: 3."
        assert event_line(rolled, NAMES, None) == "Ann hat den Bewegungswürfel geworfen: 3."
        assert event_line(taken | {"amount": 0}, NAMES, "1") == (
            "Bob nimmt dir den Talisman in Blau ab."
        )


def test_a_help_topic_in_german() -> None:
    with use_locale("de"):
        said = rulebook.rules_text("dice")
    assert said.startswith("**Kampfwürfel**\nJeder der drei Kampfwürfel zeigt eine Zahl")
    assert "[3] [3] [•] ist 6 − 1 = 5" in said


def test_the_pack_in_german() -> None:
    state = build({"seed": 1}, ["1", "2"], "1")
    seats = (Seat("1", "Ann", "#e0582b", "orange"), Seat("2", "Bob", "#7b4fc9", "violet"))
    legal = tuple(GAME.legal(state, "1"))
    pack = Pack(4, 9, "1", GAME.view(state, "1"), seats, legal, "roll", ("1",))
    with use_locale("de"):
        embed, view = pack_message(pack)
    assert embed.title == "Dein Rucksack"
    assert "➡️ **Deine Entscheidung:** den Bewegungswürfel werfen." in (embed.description or "")
    assert embed.footer.text == "Spiel 4 · Schritt 9 · nur du siehst das"
    labels = [getattr(c, "item", c).label for c in view.children]
    assert D("roll") in legal and "Wirf den Bewegungswürfel" in labels
