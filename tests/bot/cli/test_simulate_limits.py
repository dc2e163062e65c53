"""`simulate` starts no more worker processes than can help (one per core, at most one per
game) and plays at most a million games: what it was asked beyond that is said in one line."""

from __future__ import annotations

import os

import pytest

from bot import cli

CORES = len(os.sched_getaffinity(0))


@pytest.mark.parametrize("game", ["loveletter", "adventure"])
def test_more_jobs_than_games_start_one_worker_per_game(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--game", game, "--seats", "novice,novice", "--games", "1"]
    assert cli.main([*argv, "--jobs", "3"]) == 0
    captured = capsys.readouterr()
    note = f"simulate: --jobs 3 is more than can help; using 1 (1 game, {CORES} cores)"
    assert captured.err.splitlines()[0] == note
    assert captured.out.startswith(f"1 game · {'pegasus' if game == 'loveletter' else game}")


def test_a_hundred_thousand_jobs_are_capped_at_the_cores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--seats", "novice,novice", "--games", "2", "--jobs", "100000"]
    assert cli.main(argv) == 0
    captured = capsys.readouterr()
    using = min(2, CORES)
    assert captured.err.startswith(
        f"simulate: --jobs 100,000 is more than can help; using {using} (2 games, {CORES} cores)"
    )
    assert captured.out.startswith("2 games · pegasus · 2 players")


def test_more_than_a_million_games_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["simulate", "--seats", "novice,novice", "--games", str(10**17)])
    assert exited.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert "--games: must be 1,000,000 or less, not 100000000000000000" in line
