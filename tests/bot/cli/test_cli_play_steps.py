"""The terminal game's turn: help, card rules, moves that knock you out, choosing in steps, and
your hand and turn kept on screen (issue 14)."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable

import pytest

from bot.cli.loveletter_turn import HELP, OUT_MARK, Quit
from bot.cli.play import play
from bot.games.loveletter.decisions import knocks_you_out
from bot.games.loveletter.messages.rules import card_rule
from bot.games.loveletter.text.terminal import plain
from engine.loveletter.moves import Decide, Play

OPTION = re.compile(r"^  (\d+)\. (.*)$")


def run(typed: Iterable[str], edition: str = "pegasus", players: int = 3, seed: int = 5) -> str:
    """One game in process: the lines said and the prompts asked, in order; input runs out ->
    the game is abandoned like at end of file."""
    args = argparse.Namespace(edition=edition, players=players, ai="novice", seed=seed, name="You")
    out: list[str] = []
    it = iter(typed)

    def ask(prompt: str) -> str:
        out.append(prompt)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    try:
        play(args, ask, out.append)
    except Quit:
        out.append("<input closed>")
    return "\n".join(out)


def option_lists(text: str) -> list[list[str]]:
    """Every numbered list shown, as its option texts."""
    lists: list[list[str]] = []
    previous = False
    for line in text.splitlines():
        found = OPTION.match(line)
        if found and (found.group(1) != "1" and previous):
            lists[-1].append(found.group(2))
        elif found:
            lists.append([found.group(2)])
        previous = bool(found)
    return lists


def test_help_lists_the_commands_and_changes_nothing() -> None:
    plain_game = run(["1"] * 200)
    helped = run(["?", "help"] + ["1"] * 200)
    assert helped.count(HELP) == 2
    assert "rule N" in HELP and "back" in HELP and "table" in HELP
    without_help = helped.replace(HELP + "\n", "").replace("Choose 1-2: \n", "", 2)
    assert without_help == plain_game


def test_rule_shows_the_rules_text_of_slash_rules() -> None:
    # seed 5, Pegasus: your first hand is Princess and Baron
    text = run(["rule 1", "rule baron", "rule guard", "rule 9", "rule nonsense", "rules"])
    assert plain(card_rule("pegasus", "princess")) in text
    assert plain(card_rule("pegasus", "baron")) in text
    assert plain(card_rule("pegasus", "guard")) in text  # the exact name, not Guardswoman too
    assert "Option 9 is not a card here" in text
    assert "has no card called 'nonsense'" in text
    rules = text.split("— 2–8 players.", 1)[1]  # `rules`: the deck of this 3-player game
    assert plain(card_rule("pegasus", "guardswoman")) in rules
    assert plain(card_rule("pegasus", "assassin")) not in rules  # 5-8 players only (PEG-1)


def test_rule_alone_explains_the_card_being_played() -> None:
    text = run(["2", "rule"])  # Baron chosen, now choosing its player
    assert "Choose a player:" in text
    assert text.rsplit("Choose a player:", 1)[1].count(plain(card_rule("pegasus", "baron"))) == 1


def test_a_move_that_knocks_you_out_is_marked() -> None:
    text = run([])
    assert f"  1. Play Princess (Prinzessin, 8){OUT_MARK}" in text
    assert f"  2. Play Baron (3){OUT_MARK}" not in text


def test_knocks_you_out_only_on_certainties_from_your_own_hand() -> None:
    assert knocks_you_out("pegasus", ("princess", "guard"), Play("me", "princess"))
    assert knocks_you_out("pegasus", ("prince", "princess"), Play("me", "prince", "me"))
    assert not knocks_you_out("pegasus", ("prince", "princess"), Play("me", "prince", "bo"))
    assert not knocks_you_out("pegasus", ("prince", "guard"), Play("me", "prince", "me"))
    assert knocks_you_out("hobbit", ("kili_fili", "arkenstone"), Play("me", "kili_fili", "me"))
    assert knocks_you_out("l5r", ("princess",), Play("me", "princess"))
    assert not knocks_you_out("pegasus", ("baron", "guard"), Play("me", "baron", "bo"))
    assert not knocks_you_out("pegasus", ("princess",), Decide("me", "keep"))


@pytest.mark.parametrize(("edition", "players"), [("pegasus", 8), ("hobbit", 4), ("l5r", 4)])
def test_a_card_then_its_player_then_its_guess_in_short_lists(edition: str, players: int) -> None:
    text = run(["1"] * 600, edition=edition, players=players, seed=3)
    lists = option_lists(text)
    assert lists, "no choice was offered"
    assert max(len(options) for options in lists) <= 10  # never the flattened 71 moves
    assert "Choose a player:" in text
    guess = "Name a value:" if edition == "pegasus" else "Name a card:"
    assert guess in text
    # the order is card -> player -> guess, each a heading of its own (a player step is
    # skipped when only one player can be chosen)
    blocks = re.findall(r"^(Your options:|Choose a player:|Name a (?:value|card):)$", text, re.M)
    for i, heading in enumerate(blocks):
        if heading.startswith("Name a"):
            assert blocks[i - 1] in ("Choose a player:", "Your options:")
        if heading == "Choose a player:":
            assert blocks[i - 1] == "Your options:"


def test_back_returns_to_the_card_choice() -> None:
    text = run(["2", "back", "2", "1"])
    assert text.count("Your options:") >= 2
    after_back = text.split("Choose a player:", 1)[1]
    assert "Your options:" in after_back.split("Choose a player:", 1)[0]
    assert "You played Baron (3) on Ada (novice)." in text


def test_your_hand_and_turn_head_every_list() -> None:
    text = run(["1"] * 300, edition="l5r", players=4, seed=8)
    lines = text.splitlines()
    headed = 0
    for i, line in enumerate(lines):
        if line in ("Your options:", "Choose a player:", "Name a card:"):
            heading = lines[i - 1]
            assert re.match(r"^Round \d+ · (your turn|playing .+) · you hold: .+$", heading)
            headed += 1
    assert headed > 5


def test_unknown_words_reprompt_with_a_hint() -> None:
    text = run(["x", "²", "0", "back"])  # back means nothing at the card choice
    assert text.count("Please enter a number from 1 to 2 (or ? for help).") == 4
