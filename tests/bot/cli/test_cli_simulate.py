"""`simulate` prints per-seat win rates with Wilson intervals; `bench ai` prints per-level times."""

from __future__ import annotations

import re

import pytest

from bot import cli
from bot.cli.simulate import default_seats, play_game, wilson
from engine.loveletter.ai import LEVELS

ROW = re.compile(
    r"^s(\d)\s+(novice|standard|expert)\s+(\d+)\s+([\d.]+)%\s+\[\s*([\d.]+)%,\s*([\d.]+)%\]\s+([\d.]+)%$"
)


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_simulate_prints_a_row_per_seat_and_the_game_length(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--edition", "pegasus", "--seats", "standard,novice,novice"]
    assert cli.main([*argv, "--games", "30", "--seed", "3"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0] == "30 games · pegasus · 3 players · seed 3"
    rows = [ROW.match(line) for line in lines[2:5]]
    assert all(rows), lines
    wins = [int(r.group(3)) for r in rows if r]
    assert sum(wins) == 30
    for r in rows:
        assert r is not None
        rate, low, high = (float(r.group(i)) for i in (4, 5, 6))
        assert low <= rate <= high
    assert re.match(r"^average game length: [\d.]+ rounds, [\d.]+ moves$", lines[5])
    assert "30/30 games" in captured.err


def test_simulate_without_seats_seats_each_ai_level_in_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The plain command (as an issue or a new user types it) compares the levels; --players
    sets how many seats take the levels in turn."""
    assert default_seats(LEVELS, None) == ["novice", "standard", "expert"]
    assert default_seats(LEVELS, 5) == ["novice", "standard", "expert", "novice", "standard"]
    assert cli.main(["simulate", "--games", "1", "--players", "2", "--edition", "hobbit"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1 game · hobbit · 2 players · seed 1"
    assert [line.split()[:2] for line in lines[2:4]] == [["s1", "novice"], ["s2", "standard"]]


def test_simulate_refuses_bad_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--seats", "novice,wizard"]) == 2
    assert "unknown level(s) wizard" in capsys.readouterr().err
    assert cli.main(["simulate", "--seats", "novice,novice", "--players", "3"]) == 2
    assert cli.main(["simulate", "--edition", "l5r", "--seats", ",".join(["novice"] * 5)]) == 2


def test_simulated_games_are_repeatable_from_the_seed() -> None:
    levels = ("expert", "standard")
    assert play_game("hobbit", levels, 9, 0) == play_game("hobbit", levels, 9, 0)


def test_bench_ai_prints_median_and_p99_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "ai", "--positions", "12", "--no-tuning"]) == 0
    out = capsys.readouterr().out
    assert "(8 table kinds, no GC tuning)" in out
    for level in ("novice", "standard", "expert"):
        assert re.search(rf"^{level}\s+[\d.]+\s+[\d.]+\s+[\d.]+$", out, re.MULTILINE)
    # 12 positions all come from the first game (25 a game): one table kind, one verdict.
    assert re.search(r"^expert p99 by table: hobbit 2p \d+ ms$", out, re.MULTILINE)
    assert re.search(
        r"^expert p99 (MISSES its target at hobbit 2p|[\d.]+ ms overall; every)", out, re.MULTILINE
    )


def test_keeps_fits_bonuses_that_agree_with_the_expert_at_least_as_often(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["keeps", "--edition", "pegasus", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = re.fullmatch(r"(\d+) expert choices between two cards · pegasus · seed 3", lines[0])
    agree = re.fullmatch(r"agreement: (\d+) without bonuses, (\d+) with", lines[1])
    assert head and agree, lines
    assert int(agree.group(1)) <= int(agree.group(2)) <= int(head.group(1))
    assert lines[2] == "KEEPS entry:" and lines[3].strip().startswith("{")


def test_keeps_refuses_an_unknown_edition(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["keeps", "--edition", "chess"]) == 2
    assert "--edition must be one of hobbit" in capsys.readouterr().err
