"""The wording heard at the table (issue 33), in the terminal (`text`, player ids) and in
Discord (`lines`, display names) alike: plurals that agree, "You go first", "you" inside a
sentence, card names rather than ids, no "(travel)" on every roll and move, a Village's cards
looked at rather than drawn, and "1 game" in `simulate --game adventure`."""

from __future__ import annotations

import io

import discord

from bot.cli.adventure import play_main
from bot.cli.adventure_simulate import Played, report
from bot.games.adventure.messages.pack import pack_view
from bot.games.adventure.models import Pack, Seat
from bot.games.adventure.text import events
from bot.games.adventure.text.labels import decision_label
from bot.games.adventure.text.lines import event_line
from engine.adventure import GAME
from engine.adventure import board as B
from engine.adventure.decisions import Decision
from engine.adventure.scenario import build

NAMES = {"1": "Ann", "ai1": "Rosie Cotton"}


def test_you_go_first_and_others_go_first() -> None:
    e = {"type": "game_started", "players": ["you", "ai1"], "first": "you"}
    assert events.event_line(e, "you").endswith(" You go first.")
    e = {"type": "game_started", "players": ["Ann", "Rosie Cotton"], "first": "1"}
    assert event_line(e, NAMES, None).endswith(" Ann goes first.")
    assert event_line(e, NAMES, "1").endswith(" You go first.")


def test_the_reader_inside_a_sentence_is_you() -> None:
    taken = {"type": "taken", "player": "ai1", "frm": "you", "what": "talisman"}
    taken |= {"thing": "blue", "amount": 0}
    assert events.event_line(taken, "you") == "ai1 takes the blue talisman from you."
    chased = {"type": "avoided", "player": "ai1", "card": "thunder_of_light"}
    chased |= {"creature": "hill_troll", "chased_to": "you"}
    assert events.event_line(chased, "you").endswith("goes away to you.")


def test_talismans_read_as_talismans() -> None:
    e = {"type": "talisman", "player": "1", "colour": "blue", "how": "bought"}
    assert event_line(e, NAMES, None) == "Ann bought the blue talisman."
    assert event_line(e | {"how": "won"}, NAMES, "1") == "You won the blue talisman."
    out = event_line(e | {"how": "out_of_game"}, NAMES, None)
    assert out == "Ann: the blue talisman is out of the game."


def test_choices_say_what_they_do() -> None:
    view = {"me": "you", "hobbits": {"you": {"place": "hobbiton"}}}
    labels = [
        decision_label(Decision("choose", option=o), view)
        for o in ("stay", "flee", "keep", "decline", "red", "old_forest")
    ]
    assert labels == [
        "Stay in the fire",
        "Flee the fire",
        "Keep the Rope (the card takes effect)",
        "Use the Rope to decline the card",
        "Lose the red talisman",
        "Go to Old Forest",
    ]


def test_the_terminal_names_ai_hobbits_from_the_shire(monkeypatch, capsys) -> None:  # noqa: ANN001
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    code = play_main(["--players", "3", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0
    assert "you, Rosie Cotton, Fatty Bolger. Rosie Cotton goes first." in out
    assert "Rosie Cotton: Grey Havens" in out  # the status lines too
    assert "ai1" not in out and "ai2" not in out


def test_a_card_that_changed_lp_is_named_not_its_id() -> None:
    e = {"type": "changed", "player": "you", "what": "lp", "delta": 2, "now": 12}
    e["why"] = "good_night_s_sleep"
    line = events.event_line(e, "you")
    assert "good night s sleep" not in line and "(Good night's sleep)" in line
    e["why"] = "bought"  # no card: the words
    assert "(bought)" in events.event_line(e, "you")


def test_no_travel_on_every_roll_and_move() -> None:
    rolled = {"type": "rolled", "player": "1", "die": "movement", "result": 3, "why": "travel"}
    assert event_line(rolled, NAMES, None) == "Ann rolled the movement die: 3."
    power = {"type": "rolled", "player": "1", "die": "green", "result": 4, "why": "power"}
    assert event_line(power, NAMES, None) == "Ann rolled the green die (power): 4."
    moved = {"type": "moved", "player": "1", "frm": "hobbiton", "to_place": "bree"}
    assert event_line(moved | {"how": "travel"}, NAMES, "1") == "You moved from Hobbiton to Bree."
    swift = event_line(moved | {"how": "swift"}, NAMES, None)
    assert swift == "Ann moved from Hobbiton to Bree (Swift as the wind)."


def test_a_villages_cards_are_looked_at_not_drawn() -> None:
    e = {"type": "drawn", "player": "1", "deck": "equipment", "card": "lantern"}
    assert event_line(e, NAMES, "1") == "You look at Lantern from the Equipment deck."
    assert event_line(e, NAMES, None) == "Ann looks at Lantern from the Equipment deck."


def test_a_riddle_drawn_reads_as_its_riddle() -> None:
    e = {"type": "drawn", "player": "1", "deck": "riddle", "card": "r01", "to": ["1"]}
    line = event_line(e, NAMES, "1")
    assert line.startswith("You drew a Riddle card: “") and "Riddle 01" not in line


def test_reroll_and_roads_agree_in_number() -> None:
    view = {"me": "you", "hobbits": {"you": {"place": "hobbiton"}}}
    assert decision_label(Decision("reroll", dice=(0, 1)), view) == "Reroll dice 1 and 2"
    assert decision_label(Decision("reroll", dice=(2,)), view) == "Reroll die 3"
    three = decision_label(Decision("reroll", dice=(0, 1, 2)), view)
    assert three == "Reroll dice 1, 2 and 3"
    near = next(p for p in B.PLACES if B.distance("hobbiton", p) == 1)
    assert decision_label(Decision("travel", to=near), view).endswith("(1 road)")
    assert decision_label(Decision("travel", to="bree"), view).endswith("(2 roads)")


def test_a_travel_select_of_one_road_says_road() -> None:
    data = {"seed": 1, "hobbits": {"ann": {"place": "hobbiton"}}, "dice": {"movement": [1]}}
    state = build(data, ["ann", "bob"], "ann")
    state, _ = GAME.apply(state, "ann", GAME.legal(state, "ann")[0])  # roll a 1
    seats = (Seat("ann", "Ann", "#e0582b", "orange"), Seat("bob", "Bob", "#7b4fc9", "violet"))
    legal = tuple(GAME.legal(state, "ann"))
    pack = Pack(1, 1, "ann", GAME.view(state, "ann"), seats, legal, "travel", ("ann",))
    selects = [
        getattr(c, "item", c)
        for c in pack_view(pack).children
        if isinstance(getattr(c, "item", c), discord.ui.Select)
    ]
    assert [s.placeholder for s in selects] == ["Travel to… (1 road)"]


def test_simulate_says_1_game() -> None:
    lines = report(["standard", "standard"], 7, [Played(0, False, 20, 90)])
    assert lines[0].startswith("1 game · adventure")
    assert "0 games" in "\n".join(lines)
