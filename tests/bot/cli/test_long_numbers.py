"""Numbers too long for `int()` (Python 3.11 refuses more than 4,300 digits) typed at a `play`
prompt are answered at the prompt and the game goes on; on the command line they get one line
that names the real limit, exit status 2."""

from __future__ import annotations

import subprocess

import pytest

from bot import cli
from tests.bot.child import run_bot

HUGE = "9" * 5000


def _bot(args: list[str], typed: str) -> subprocess.CompletedProcess[str]:
    return run_bot(args, input=typed, text=True)


def _clean(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stdout + result.stderr
    assert result.returncode == 0, result.stderr  # the input then closed: a clean end
    return result.stdout


def test_a_huge_number_at_a_love_letter_prompt_is_answered_and_the_game_goes_on() -> None:
    out = _clean(_bot(["play", "--seed", "1", "--ai", "novice"], f"{HUGE}\n" + "1\n" * 30))
    answer = out.index("Please enter a number from 1 to")
    assert "You played" in out[answer:]  # the next answer, 1, was taken


def test_rule_with_a_huge_option_number_is_answered_at_the_prompt() -> None:
    out = _clean(_bot(["play", "--seed", "1", "--ai", "novice"], f"rule {HUGE}\n" + "1\n" * 30))
    answer = out.index("Option 999999999… is not a card here")
    assert "You played" in out[answer:]


def test_a_huge_number_at_an_adventure_prompt_is_answered_and_the_game_goes_on() -> None:
    args = ["play", "--game", "adventure", "--seed", "1", "--ai", "novice"]
    out = _clean(_bot(args, f"{HUGE}\n" + "1\n" * 5))
    answer = out.index("There is only one choice: press Enter or type 1")  # the roll, alone
    assert "What do you do?" in out[answer:]  # asked again after the next answer


def test_only_a_number_in_range_is_a_choice_however_it_is_padded() -> None:
    from bot.cli.choice import typed_number

    assert [typed_number(t, 5) for t in ("0", "00", "6", "12", "007x", "²")] == [None] * 6
    assert [typed_number(t, 5) for t in ("1", "0003", "0" * 5000 + "5")] == [1, 3, 5]
    assert typed_number(HUGE, 5) is None


LIMIT = "digits; at most 18 are taken"
NUMBER_ARGS = [
    (["play", "--seed", "1234567890123456789"], f"--seed: 1234567890123456789 has 19 {LIMIT}"),
    (["play", "--players", "0" * 30 + "3" * 19], f"--players: {'0' * 20}… has 19 {LIMIT}"),
    (
        ["play", "--game", "adventure", "--players", HUGE],
        f"--players: {'9' * 20}… has 5,000 {LIMIT}",
    ),
    (["simulate", "--seats", "novice,novice", "--seed", HUGE], f"--seed: {'9' * 20}… has 5,000"),
    (["simulate", "--seats", "novice,novice", "--games", "٣"], "--games: '٣' is not a whole"),
    (["bench", "storage", "--saves", HUGE], f"--saves: must be 1,000,000 or less, not {'9' * 20}…"),
    (["bench", "storage", "--saves", str(10**20)], "--saves: must be 1,000,000 or less"),
    (["bench", "storage", "--games", "1000001"], "--games: must be 1,000,000 or less"),
]


@pytest.mark.parametrize(
    ("args", "expected"), NUMBER_ARGS, ids=[" ".join(a)[:40] for a, _ in NUMBER_ARGS]
)
def test_a_number_argument_with_too_many_digits_names_the_limit(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(args)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert expected in line
    assert len(line) < 200
