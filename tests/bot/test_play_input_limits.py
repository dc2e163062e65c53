"""`play` fed an endless standard input with no line end (`play < /dev/zero`) stops at a
bounded line length with one line on standard error and exit status 2, in both games."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
MEMORY = 2 * 2**30  # the child's address space: reading for ever hits this, not the machine


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize("game", ["loveletter", "adventure"])
def test_an_endless_line_on_standard_input_ends_the_game_in_one_line(game: str) -> None:
    with open("/dev/zero", "rb") as endless:
        result = subprocess.run(
            [sys.executable, "-m", "bot", "play", "--game", game, "--seed", "1"],
            cwd=REPO_ROOT,
            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
            stdin=endless,
            capture_output=True,
            text=True,
            preexec_fn=_limit_memory,
            timeout=120,  # "no hang"
        )
    assert "Traceback" not in result.stderr
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "play: an input line longer than 65,536 characters; game abandoned"
    ]
