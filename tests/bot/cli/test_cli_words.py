"""Sentences of the terminal games that read wrong: a list of one option answered "enter a
number from 1 to 1", a question heading "Whose hand do you look at?:", Pegasus's guess menu
and `rules` at 2-4 players naming the expansion's cards (PEG-1, PEG-10), and a hobbit swept
downriver at Gladden Fields "moved from Gladden Fields to Gladden Fields"."""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import re
from collections.abc import Callable

import pytest

from bot.cli.adventure_turn import Table
from bot.cli.loveletter_turn import Quit, pick
from bot.cli.play import play
from bot.games.adventure.text.lines import event_line
from bot.i18n import use_locale
from engine.adventure.rules import new_game
from engine.adventure.scenario import replay
from engine.adventure.view import view
from engine.loveletter.editions import edition
from tests.bot.cli.test_cli_play_steps import run
from tests.engine.adventure.test_scenarios import ROOT

EXPANSION = [c for c in edition("pegasus").cards if c.expansion]
BASE = [c for c in edition("pegasus").cards if not c.expansion]


def _typed(*answers: str) -> tuple[Callable[[str], str], list[str]]:
    said: list[str] = []
    queue = list(answers)

    def ask(prompt: str) -> str:
        if not queue:
            raise EOFError
        return queue.pop(0)

    return ask, said


def test_a_list_of_one_option_never_asks_for_a_number_from_1_to_1() -> None:
    ask, said = _typed("x", "2", "")
    assert pick(["Keep your card"], ask, said.append) == 0
    refusals = [line for line in said if "1 to" in line or "only one" in line]
    assert refusals == ["There is only one choice: press Enter or type 1 (or ? for help)."] * 2


def test_an_adventure_list_of_one_option_never_asks_for_a_number_from_1_to_1() -> None:
    state = new_game(["you", "ai1"], random.Random(1))
    ask, said = _typed("xyz", "")
    table = Table({"you": "you", "ai1": "Bo"}, ask, said.append)
    assert table._pick(["Go on"], view(state, "you")) == 0
    assert "from 1 to 1" not in "\n".join(said)
    assert "There is only one choice: press Enter or type 1, or ? for the commands." in said


def _options(said: list[str]) -> list[tuple[str, str]]:
    """The numbered options of the list shown last: (number, text)."""
    options: list[tuple[str, str]] = []
    for line in reversed(said):
        found = re.match(r"^  (\d+)\. (.*)$", line)
        if found is None and options:
            break
        if found is not None:
            options.append((found.group(1), found.group(2)))
    return options


def _played(prefer: str, players: int, seed: int) -> str:
    """A Pegasus game of `players` (in process) in which you play `prefer` whenever it is
    offered, else option 1: every line said, prompts included."""
    args = argparse.Namespace(
        edition="pegasus", players=players, ai="novice", seed=seed, name="You"
    )
    said: list[str] = []

    def ask(prompt: str) -> str:
        said.append(prompt)
        if len(said) > 50_000:
            raise EOFError
        options = _options(said)
        return next((n for n, text in options if text.startswith(f"Play {prefer}")), "1")

    with contextlib.suppress(Quit):
        play(args, ask, lambda text: said.extend(text.splitlines()))
    return "\n".join(said)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pegasus_at_2_to_4_players_names_only_the_base_cards(players: int) -> None:
    """PEG-1: without the expansion; PEG-10: the values named are those of that deck."""
    text = _played("Guardswoman", players, seed=players)
    menus = re.findall(r"^Name a value:\n((?:  \d+\. .*\n)+)", text, re.M)
    assert menus, "no guess was asked"
    offered = "".join(menus)
    assert [c.name for c in EXPANSION if re.search(rf"\b{c.name}\b", offered)] == []
    values = sorted({int(v) for v in re.findall(r"^  \d+\. (\d+) —", offered, re.M)})
    assert values == [2, 3, 4, 5, 6, 7, 8]  # no 0 (Jester, Assassin), no 9 (Bishop)


def test_pegasus_rules_at_3_players_list_that_deck() -> None:
    text = run(["rules"], players=3)
    rules = text.split("Pegasus (with the 5–8 player expansion) — 2–8 players.", 1)[1]
    assert "With 3 players the deck holds only the 16 base cards" in rules
    shown = re.findall(r"^(\w[\w ]*) \(", rules, re.M)
    assert sorted(set(shown)) == sorted({c.name for c in BASE})


def test_pegasus_rules_and_guesses_at_5_players_include_the_expansion() -> None:
    rules = run(["rules"], players=5)
    assert "the deck holds only" not in rules
    for card in EXPANSION:
        assert f"{card.name} (" in rules


def test_a_question_heading_keeps_its_own_mark() -> None:
    """The Cardinal's last step asks "Whose hand do you look at?" (PEG-18): no colon after."""
    text = _played("Cardinal", 6, seed=2)
    assert "Whose hand do you look at?\n" in text + "\n"
    assert not re.search(r"[?!]:$", text, re.M)


GLADDEN = (
    ROOT
    / "tests/scenarios/adventure/adv_11_swept_downriver_at_gladden_fields_arrives_there_again.json"
)


@pytest.mark.parametrize(
    ("locale", "yours", "theirs"),
    [
        (
            "en",
            "You are at Gladden Fields already, so the river sweeps you nowhere: you arrive there"
            " again.",
            "Ann is at Gladden Fields already, so the river sweeps them nowhere: Ann arrives there"
            " again.",
        ),
        (
            "de",
            "Du bist schon auf den Schwertelfeldern, also trägt dich der Fluss nirgendwohin: Du"
            " kommst dort noch einmal an.",
            "Ann ist schon auf den Schwertelfeldern, also trägt der Fluss Ann nirgendwohin: Ann"
            " kommt dort noch einmal an.",
        ),
    ],
)
def test_swept_downriver_at_gladden_fields_has_its_own_sentence(
    locale: str, yours: str, theirs: str
) -> None:
    """[decision] cardplay.py: the hobbit stays and arrives there again (ADV-4, ADV-11)."""
    out = replay(json.loads(GLADDEN.read_text(encoding="utf-8")))
    moved = [e for e in out["log"] if e["type"] == "moved" and e["how"] == "forced"][-1]
    names = {"ann": "Ann", "bob": "Bob"}
    with use_locale(locale):
        assert event_line(moved, names, "ann") == yours
        assert event_line(moved, names, None) == theirs
