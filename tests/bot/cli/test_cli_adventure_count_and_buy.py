"""The terminal Adventure game from stacked positions (issue 35): a fight counted as the rules
count it (each die, each bonus by name, the total against the power; which dice a reroll
changed), buying at a Village card by card with prices and a running total, and the cards that
go back quietly (a master card without its weapon, a Weapon-smith sent away) said in words.

`new_game` is replaced for the one test by the scenario format's setup, so the dice and the
decks are known; everything else is the real `play` loop reading typed answers."""

from __future__ import annotations

import argparse
import re
from typing import Any

import pytest

from bot.cli.adventure import play
from bot.games.adventure.text.lines import event_line
from engine.adventure.decisions import D
from engine.adventure.rules import apply
from engine.adventure.scenario import build

OPTION = re.compile(r"^  (\d+)\. (.*)$")


class Terminal:
    """Typed answers: a text picks the numbered option whose line holds it; `=x` types x."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.out: list[str] = []

    def say(self, line: str) -> None:
        self.out.append(line)

    def ask(self, prompt: str) -> str:
        self.out.append(prompt)
        if not self.answers:
            raise EOFError
        wanted = self.answers.pop(0)
        if wanted.startswith("="):
            return wanted[1:]
        for line in reversed(self.out):
            found = OPTION.match(line)
            if found and wanted in found.group(2):
                return found.group(1)
        raise AssertionError(f"no option {wanted!r} in {self.out[-12:]}")

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def position(setup: dict[str, Any], players: list[str], first: str) -> Any:
    """The scenario setup, with `tops` (deck: cards) put on top of their decks in order."""
    state = build({k: v for k, v in setup.items() if k != "tops"}, players, first)
    for deck, top in setup.get("tops", {}).items():
        rest = list(state.decks[deck])
        for card in top:
            rest.remove(card)
        state.decks[deck] = [*top, *rest]
    return state


def stacked(monkeypatch: pytest.MonkeyPatch, setup: dict[str, Any]) -> None:
    def new_game(players: Any, rng: Any) -> Any:
        return position(setup, list(players), "you")

    monkeypatch.setattr("engine.adventure.rules.new_game", new_game)


def run(answers: list[str]) -> Terminal:
    t = Terminal(answers)
    args = argparse.Namespace(players=2, ai="standard", seed=1, name="You")
    with pytest.raises(EOFError):  # the answers run out: the terminal closes
        play(args, t.ask, t.say)
    return t


FIGHT = {
    "seed": 7,
    "hobbits": {"you": {"cards": ["sword", "sword_master", "shield"]}},
    "tops": {"adventure": ["hill_troll"]},
    "dice": {"movement": [2], "green": [6], "combat": ["p3", "d2", "p3", "d3"]},
}


def test_a_fight_is_counted_die_by_die_with_each_bonus_and_the_power(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stacked(monkeypatch, FIGHT)
    t = run(["Roll", "Old Forest", "Reroll die 1", "Keep this roll"])
    assert "  2. Reroll die 1 [•••]" in t.text  # each reroll option shows the faces it rolls again
    assert (
        "You rolled the combat dice [•••] [2] [•••]: digits 2, pips 3+3 = 6 → 6 − 2 = 4;"
        " roll 4 + best weapon 2 + Shield/Mithril 1 = 7 against power 10: short by 3." in t.text
    )
    assert (
        "You rerolled die 1 [•••] → [3]: [3] [2] [•••]: digits 3+2 = 5, pips 3 → 5 − 3 = 2;"
        " roll 2 + best weapon 2 + Shield/Mithril 1 = 5 against power 10: short by 5." in t.text
    )
    assert "You lost (5 against 10; best weapon +2, Shield/Mithril +1)." in t.text


VILLAGE = {
    "seed": 7,
    "hobbits": {"you": {"gp": 6}},
    "tops": {"equipment": ["sword", "rope", "potion_2", "axe", "horse"]},
    "dice": {"movement": [2]},
}


def test_buying_card_by_card_with_prices_a_running_total_and_a_refusal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stacked(monkeypatch, VILLAGE)
    t = run(["Roll", "Bree", "Look at the top 5", "Sword", "Horse", "Rope", "=done", "Done"])
    text = t.text
    # Each card with its price, one option each (not every affordable combination).
    for card in ("[ ] Sword · 4 GP", "[ ] Rope · 1 GP", "[ ] Potion · 2 GP", "[ ] Horse · 5 GP"):
        assert card in text
    assert "Not for you here: Axe · 4 GP (not sold here)" in text
    assert "Buy Potion (2 GP), Rope" not in text  # no line per combination any more
    assert "Chosen: nothing yet (you have 6 GP)." in text
    assert "Chosen: Sword 4 = 4 GP of your 6 GP (2 left)." in text
    assert "Horse costs 5 GP: with what you chose that makes 9 GP, and you have 6 GP." in text
    assert "Chosen: Rope 1 + Sword 4 = 5 GP of your 6 GP (1 left)." in text
    assert "  1. Buy Rope, Sword for 5 GP" in text
    assert "You bought Rope, Sword for 5 GP." in text
    assert "You: -5 GP (bought), now 1 GP." in text


def test_a_master_card_without_its_weapon_goes_back_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    setup = {"seed": 7, "tops": {"rest": ["sword_master", "weapon_smith"]}}
    stacked(monkeypatch, setup)
    t = run(["Roll", "Rest"])
    assert "Sword-master goes back under the Rest deck: you have no Sword." in t.text
    assert "The Weapon-smith goes back under the Rest deck: you have no weapon for it." in t.text


def test_a_weapon_smith_sent_away_is_said_to_everyone() -> None:
    """ann holds a Sword, rests, draws the Weapon-smith and an Axe-master, and sends the
    smith away (as an AI hobbit may): bob reads both cards going back, and why."""
    setup = {"seed": 3, "hobbits": {"ann": {"cards": ["sword"]}}}
    state = position(
        setup | {"tops": {"rest": ["weapon_smith", "axe_master"]}}, ["ann", "bob"], "ann"
    )
    log = []
    for decision in (D("roll"), D("rest"), D("smith", card=None)):
        state, events = apply(state, "ann", decision)
        log += [e.to_dict() for e in events if e.audience is None]
    lines = [event_line(e, {"ann": "Ann", "bob": "Bob"}, "bob") for e in log]
    assert "Axe-master goes back under the Rest deck: Ann has no Axe." in lines
    assert "Ann sent the Weapon-smith away; it goes back under the Rest deck." in lines
