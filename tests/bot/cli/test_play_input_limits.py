"""`play` fed an endless standard input with no line end (`play < /dev/zero`) stops at a
bounded line length with one line on standard error and exit status 2, in both games."""

from __future__ import annotations

import pytest

from tests.bot.child import run_bot


@pytest.mark.parametrize("game", ["loveletter", "adventure"])
def test_an_endless_line_on_standard_input_ends_the_game_in_one_line(game: str) -> None:
    with open("/dev/zero", "rb") as endless:
        result = run_bot(["play", "--game", game, "--seed", "1"], stdin=endless, text=True)
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "play: an input line longer than 65,536 characters; game abandoned"
    ]
