"""Help in the terminal Adventure game (issue 35): `?`, `rules`, `rule TOPIC`, `card NAME`,
`board` and `hand` answered at any prompt without choosing anything, Enter taking a single
option, and the free actions (ADV-11) offered while an AI hobbit decides.

The fixed commands are piped into `play` as a user would; the tests that need a situation
(a card in hand, a heal to offer) find it with a player that reacts to what it reads, then pipe
the answers it typed into a real `python -m bot play` and read the same game back."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
from collections.abc import Callable

import pytest

from bot.cli.adventure import play, play_main
from bot.cli.adventure_help import help_lines, plain
from bot.games.adventure.text.cards import card_help, riddle_help
from bot.games.adventure.text.rulebook import TOPICS, rules_text
from engine.adventure import board as B
from tests.bot.child import run_bot

OPTION = re.compile(r"^  (\d+)\. (.*)$")
PROMPT_END = "(? for help): "


def piped(stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> str:
    """A 2-hobbit game (seed 5: you play second) with `stdin` typed; its output, each prompt
    on a line of its own (piped answers are not echoed)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert play_main(["--seed", "5", "--ai", "novice"]) == 0
    return capsys.readouterr().out.replace(PROMPT_END, PROMPT_END + "\n")


def test_question_mark_lists_the_commands_and_chooses_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("?\nhelp\n", monkeypatch, capsys)
    shown = "\n".join(help_lines())
    assert out.count(shown) == 2
    for command in ("rules", "rule TOPIC", "card NAME", "board", "hand", "status"):
        assert f"\n  {command} " in shown
    assert "Type a number" not in out and "You rolled" not in out  # nothing was chosen


def test_rules_gives_every_topic_in_plain_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("rules\n", monkeypatch, capsys)
    for key in TOPICS:
        title, body = plain(rules_text(key)).split("\n", 1)  # as /adventure rules writes it
        assert f"{title} (rule {key}):" in out
        assert " ".join(body.split()[:6]) in " ".join(out.split())
    assert "**" not in out and "You rolled" not in out


def test_rule_topic_gives_that_topic_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("rule fight\nrule Free actions\nrule zzz\nrule\n", monkeypatch, capsys)
    assert "Fights (rule fights):" in out and "Free actions (rule free):" in out
    assert "The Dragon (rule dragon):" not in out
    topics = ", ".join(TOPICS)
    assert f"No rule topic 'zzz'; the topics: {topics}." in out
    assert f"Which topic? Type rule and one of: {topics}." in out


def test_card_says_what_a_card_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("card lantern\ncard Giant Spider\ncard athelas\ncard r09\n", monkeypatch, capsys)
    lines = out.splitlines()
    assert "Lantern (Equipment) — +1 against Peril creatures." in out
    spiders = [line for line in lines if line.startswith("Giant spider (")]
    assert spiders == [card_help("adventure", "giant_spider"), card_help("peril", "giant_spider")]
    assert "power = green die + 3" in spiders[0] and "A Lantern counts +1" in spiders[1]
    assert "Athelas (Magic, secret) — Any time: heal 3 LP." in out
    assert "Riddle 09 (Riddle, secret) — “I walk beside you" in out


def test_card_with_no_such_card_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("card qqq\ncard\ncard troll\n" + "card " + "x" * 5000 + "\n", monkeypatch, capsys)
    assert "No card is called 'qqq'; try part of a name." in out
    assert "Which card? Type card and (part of) its name, e.g. card potion." in out
    assert "Hill troll (Adventure)" in out and "Troll of the deep (Danger)" in out
    assert "No card is called 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'" in out
    assert "x" * 100 not in out  # a pasted name is not echoed whole


def test_board_lists_every_place_with_its_roads_and_what_lies_there(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("board\n", monkeypatch, capsys)
    places = [line for line in out.splitlines() if " — roads to " in line]
    assert len(places) == len(B.PLACES) == 33
    assert places[0].startswith("  Hobbiton ⬟ Village of Hobbits · here · hobbits: you")
    assert places[0].endswith("— roads to Grey Havens, Ered Luin, Old Forest")
    moria = next(line for line in places if line.startswith("  Moria "))
    assert moria == (
        "  Moria ⬢ Danger · 7 roads · talismans yellow, yellow, yellow, yellow"
        " — roads to Hollin, Lórien"
    )
    assert any("hobbits: Rosie Cotton" in line for line in places)  # the AI hobbit, by name


def test_enter_takes_the_only_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = piped("\n", monkeypatch, capsys)
    assert "  1. Roll the movement die\nOnly one choice; press Enter (? for help): \n" in out
    assert "You rolled the movement die:" in out and "Type a number" not in out


Answer = Callable[[list[str]], str | None]


def reacting(answer: Answer, seed: int) -> tuple[str, list[str]]:
    """A game where `answer` reads everything said so far and types (None: end of input);
    the transcript and what was typed."""
    out: list[str] = []
    typed: list[str] = []

    def ask(prompt: str) -> str:
        out.append(prompt)
        reply = answer(out) if len(typed) < 400 else None
        if reply is None:
            raise EOFError
        typed.append(reply)
        return reply

    args = argparse.Namespace(players=2, ai="standard", seed=seed, name="You")
    with contextlib.suppress(EOFError):
        play(args, ask, out.append)
    return "\n".join(out), typed


def shown_options(out: list[str]) -> list[str]:
    """The options listed before the latest prompt."""
    listed: list[str] = []
    for line in reversed(out[:-1]):
        found = OPTION.match(line)
        if not found:
            break
        listed.insert(0, found.group(2))
    return listed


def first(options: list[str], part: str) -> str | None:
    """The number of the first option with `part` in it, or None."""
    return next((str(i) for i, o in enumerate(options, 1) if part in o), None)


def find_game(answer: Answer, found: Callable[[str], bool]) -> tuple[int, str, list[str]]:
    """The first seed whose game, played by `answer`, shows what `found` looks for."""
    for seed in range(1, 40):
        text, typed = reacting(answer, seed)
        if found(text):
            return seed, text, typed
    raise AssertionError("no seed in 1..39 leads there")


def same_game_piped(seed: int, typed: list[str]) -> str:
    """The answers typed, piped into a real `python -m bot play --game adventure`."""
    argv = ["play", "--game", "adventure", "--seed", str(seed), "--ai", "standard"]
    result = run_bot(argv, input="\n".join(typed) + "\n", text=True)
    assert result.returncode == 0 and result.stderr == ""
    return result.stdout


def test_hand_shows_your_riddle_and_magic_cards_with_their_texts() -> None:
    def answer(out: list[str]) -> str | None:
        if any(line.startswith("Your Riddle cards") for line in out):
            return None
        if any(line.startswith("You drew a Riddle card") for line in out):
            return "hand"
        options = shown_options(out)
        return first(options, "Draw a Riddle card") or first(options, "⬟ village") or "1"

    seed, text, typed = find_game(answer, lambda t: "Your Riddle cards" in t)
    drawn = re.search(r"You drew a Riddle card: “(.+?)”", text)
    assert drawn is not None
    shown = same_game_piped(seed, typed)
    heading = "Your Riddle cards (secret; 1 of at most 4):"
    assert heading in shown
    line = shown.split(heading + "\n", 1)[1].splitlines()[0]
    rid = line.split(":", 1)[0].strip().replace("Riddle ", "r")
    assert line == f"  {riddle_help(rid)}" and drawn.group(1) in line
    assert "Asked, its answer is" in line
    hint = "(Type hand to read what your cards do, card NAME for any card.)"
    assert shown.count(hint) == 1 and shown.index(hint) > shown.index(drawn.group(1))


def test_free_actions_are_offered_while_an_ai_hobbit_decides() -> None:
    def answer(out: list[str]) -> str | None:
        if any("(Athelas), now" in x or "(Potion" in x and "LP" in x for x in out):
            return None
        options = shown_options(out)
        if "Enter to go on" in out[-1]:
            return first(options, "Use ") or "1"
        return "1"

    seed, text, typed = find_game(answer, lambda t: "Meanwhile you may (rule free):" in t)
    shown = same_game_piped(seed, typed)
    offer = re.search(
        r"(\S+ \S+) is to (.+)\. Meanwhile you may \(rule free\):\n"
        r"  1\. Go on \(do nothing now\)\n(?:  \d\. .+\n)+"
        r"Choose 1-\d, Enter to go on \(\? for help\): "
        r"You: \+(\d) LP \((.+?)\), now (\d+) LP\.\n",
        shown,
    )
    assert offer is not None, shown[-3000:]
    ai = offer.group(1)
    assert ai == "Rosie Cotton"
    after = shown[offer.end() :]
    assert after.startswith(ai)  # the AI hobbit's decision comes next: it was still awaited


def test_swift_as_the_wind_moves_say_so_beside_the_travels() -> None:
    def answer(out: list[str]) -> str | None:
        options = shown_options(out)
        if any(o.startswith("Move to") for o in options) and first(options, "Travel to"):
            return None
        for wanted in ("Draw a Magic card", "★ haven"):
            if first(options, wanted):
                return first(options, wanted)
        return "1"

    seed, text, typed = find_game(answer, lambda t: "Swift as the wind" in t)
    shown = same_game_piped(seed, typed)
    options = [line for line in shown.splitlines() if OPTION.match(line)][-40:]
    moves = [o for o in options if ". Move to " in o]
    assert moves and all(
        o.endswith("road) — Swift as the wind") or o.endswith("roads) — Swift as the wind")
        for o in moves
    )
    assert not any("Swift" in o for o in options if ". Travel to " in o)


def test_the_scroll_of_minds_is_offered_out_of_turn_with_what_it_takes() -> None:
    def answer(out: list[str]) -> str | None:
        options = shown_options(out)
        if any(line.startswith("You take ") for line in out[-3:]):
            return None
        if "Enter to go on" in out[-1]:
            return first(options, "Scroll of Minds: take") or ""
        return first(options, "Draw a Magic card") or first(options, "★ haven") or "1"

    seed, _, typed = find_game(answer, lambda t: "\nYou take " in t)
    shown = same_game_piped(seed, typed)
    taken = re.search(
        r"Rosie Cotton is to .+\. Meanwhile you may \(rule free\):\n"
        r"  1\. Go on \(do nothing now\)\n(?:  \d\. .+\n)+"
        r"Choose 1-\d, Enter to go on \(\? for help\): You take (.+) from Rosie Cotton\.\n",
        shown,
    )
    assert taken is not None, shown[-3000:]
    offer = shown[: taken.start(1)].rsplit("Meanwhile", 1)[1]
    thing = taken.group(1).removeprefix("the ")
    said = f"half of Rosie Cotton's gold ({thing})" if thing.endswith(" GP") else thing
    assert f"Use Scroll of Minds: take {said}" in offer or f"take Rosie Cotton's {said}" in offer
