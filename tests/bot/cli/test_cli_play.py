"""The terminal game end to end: scripted input, re-prompts, Ctrl-C and end of input (C-10)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.games.loveletter.text.terminal import describe_move, event_lines
from engine.loveletter import events as E
from engine.loveletter.moves import Decide, Play
from tests.bot.child import run_bot

REPO_ROOT = Path(__file__).resolve().parents[3]
ENGLISH = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
"""The locale variables of the child: these tests read English on any machine."""


def _play(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", *args],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **ENGLISH},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_whole_game_with_scripted_input_and_reprompts() -> None:
    typed = "x\n0\n999\n" + "1\n" * 400
    result = _play(["--edition", "l5r", "--players", "3", "--ai", "novice", "--seed", "4"], typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert out.count("Please enter a number from 1 to") == 3
    assert "Your hand:" in out and "Your options:" in out and "  1. Play " in out
    assert "wins the game" in out
    assert out.rstrip().endswith(("You win the game!", "Game over."))


def test_the_same_seed_and_input_give_the_same_game() -> None:
    args = ["--edition", "pegasus", "--players", "5", "--ai", "standard", "--seed", "11"]
    first = _play(args, "1\n" * 300)
    second = _play(args, "1\n" * 300)
    assert first.returncode == 0
    assert first.stdout == second.stdout


def test_end_of_input_leaves_cleanly_with_status_0() -> None:
    result = _play(["--edition", "hobbit", "--seed", "2"], "")
    assert result.returncode == 0
    assert "Input closed; game abandoned." in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def _default_ctrl_c() -> None:
    """In the child: Ctrl-C as a terminal gives it, even where the test runner was started
    with SIGINT ignored (a background job), which the child would otherwise inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_leaves_cleanly_with_status_130() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "--edition", "pegasus", "--seed", "3"],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT), **ENGLISH},
        preexec_fn=_default_ctrl_c,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + 30
    while "Your options:" not in seen and time.monotonic() < deadline:
        seen += process.stdout.readline()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Game abandoned" in err
    assert "Traceback" not in out + err


BAD_OPTIONS = [
    (["--ai", "grandmaster"], "play: Unknown AI level 'grandmaster'; choose one of novice,"),
    (["--edition", "chess"], "play: Cannot start the game: unknown edition 'chess'; choose one"),
    (["--edition", "hobbit", "--players", "6"], "play: Cannot start the game: --players 6 is"),
]


@pytest.mark.parametrize(("args", "start"), BAD_OPTIONS, ids=["ai", "edition", "players"])
def test_bad_options_are_one_line_on_standard_error(args: list[str], start: str) -> None:
    """As the README says of every refused option: standard error, status 2, nothing on
    standard output (a script reading the game's lines reads none)."""
    result = _play(args, "")
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(start), line


@pytest.mark.parametrize("game", ["loveletter", "adventure"])
def test_a_closed_standard_input_is_one_line(game: str) -> None:
    """`play <&-`: no descriptor 0 at all (not an empty input, which ends the game with 0)."""
    result = run_bot(["play", "--game", game, "--seed", "1"], closed_stdin=True, env=ENGLISH)
    assert result.returncode == 2
    assert result.stdout == b""
    assert result.stderr.decode().splitlines() == [
        "play: standard input is closed: there is nothing to read your answers from"
    ]


@pytest.mark.parametrize("name", ["you", "YOU", " You "])
def test_a_player_named_you_reads_as_you_once(name: str) -> None:
    love_letter = _play(["--name", name, "--seed", "1"], "")
    seat = [line for line in love_letter.stdout.splitlines() if "0/5" in line][0]
    assert seat.split()[0] == "You" and "(you)" not in love_letter.stdout
    adventure = _play(["--game", "adventure", "--name", name, "--seed", "1"], "")
    assert adventure.stdout.splitlines()[0].startswith("2 hobbits: you and ")
    assert "(you)" not in adventure.stdout


def test_c_10_private_events_of_others_are_not_shown() -> None:
    names = {"you": "You", "ai1": "Ada", "ai2": "Bo"}
    seen = E.HandSeen("ai1", "ai2", "princess")
    swap = E.CardReceived("ai2", "princess", "ai1")
    public = E.CardPlayed("ai1", "courtier", ("ai2",))
    lines = event_lines([public, seen, swap], "l5r", names, "you")
    assert len(lines) == 1
    assert "Princess" not in lines[0]
    assert any("Princess" in line for line in event_lines([seen], "l5r", names, "ai1"))


def test_moves_read_as_options() -> None:
    names = {"you": "You", "ai1": "Ada"}
    guess = Play("you", "guardswoman", "ai1", guess=3)
    assert describe_move(guess, "pegasus", names, "you") == (
        "Play Guardswoman (Wächterin, 1) on Ada, naming value 3"
    )
    swap = Play("you", "cardinal", targets=("ai1", "you"), look="ai1")
    assert "on Ada and yourself, then look at Ada's hand" in describe_move(
        swap, "pegasus", names, "you"
    )
    assert describe_move(Decide("you", "keep"), "pegasus", names, "you") == "Keep your card"


def test_the_terminal_player_is_addressed_as_you_mid_sentence() -> None:
    names = {"you": "You", "ai1": "Ada"}
    events = [
        E.GuessResult("ai1", "you", 3, False),
        E.CompareResult("you", "ai1", "you"),  # no line: the next one says who is out
        E.KnockedOut("you", ("courtier",)),
        E.CardPlayed("ai1", "courtier", ("you",)),
        E.RoundStarted(2, ("you", "ai1"), "you", (), False),
    ]
    assert event_lines(events, "l5r", names, "you") == [
        "The guess on you was wrong.",
        "You are out of the round (discarded Shosuro Yamazaki, Courtier (2)).",
        "Ada played Shosuro Yamazaki, Courtier (2) on you.",
        "Round 2 begins; you start.",
    ]


def test_a_single_option_is_taken_with_enter_and_other_input_reprompts() -> None:
    from bot.cli.loveletter_turn import pick as _pick

    typed = iter(["2", ""])
    prompts: list[str] = []
    said: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(typed)

    assert _pick(["Play Bilbo Baggins (7)"], ask, said.append) == 0
    assert prompts == ["Only one choice; press Enter: "] * 2
    assert "There is only one choice: press Enter or type 1 (or ? for help)." in said
    assert not [line for line in said if "from 1 to 1" in line]
