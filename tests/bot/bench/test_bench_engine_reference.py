"""`bench engine` measures the Love Letter engine against a plain reference playout of the
Hobbit edition (bot/bench/reference_loveletter.py), and the reference plays the same game:
the same rules give the same round lengths and game lengths as the engine's random play.
`--against DIR` measures another checkout's engine in turns with this one."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot import cli
from bot.bench import reference_loveletter as reference
from bot.bench.engine import play_rounds

ROUNDS = 3000


def test_bench_engine_prints_the_reference_and_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "engine", "--edition", "hobbit", "--rounds", "300", "--repeat", "2"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if "reference playout" in line)
    assert re.search(r"reference playout [\d,]+ moves/s \(\d+\.\d moves per round\)", line)
    assert re.search(r"engine/reference \d+\.\d\dx, (meets|MISSES) the target of 0\.9x", line)


def test_bench_engine_prints_no_reference_for_other_editions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "engine", "--edition", "l5r", "--rounds", "100", "--repeat", "1"]
    assert cli.main(argv) == 0
    assert "reference" not in capsys.readouterr().out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_reference_plays_rounds_as_long_as_the_engines(players: int) -> None:
    """Moves per round of random play: the engine's and the reference's agree within 3%
    (a reference that skipped rules or moves would play shorter or longer rounds)."""
    rounds, moves, _ = play_rounds("hobbit", players, ROUNDS, 1)
    ref_rounds, ref_moves, _ = reference.play_rounds(players, ROUNDS, 1)
    assert ref_moves / ref_rounds == pytest.approx(moves / rounds, rel=0.03)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_reference_plays_games_as_long_as_the_engines(players: int) -> None:
    """Rounds per game (crowns to win, HOB-2, and deciding rounds, C-9) within 6% (over
    1,000 games the two means differ by less than 2% but for chance)."""
    import engine.loveletter as engine

    rng = random.Random(2)
    seats = [f"p{i}" for i in range(players)]
    games = 1000
    engine_rounds = 0
    for _ in range(games):
        state = engine.new_game("hobbit", seats, rng)
        while not state.over:
            legal = engine.legal_moves(state)
            state, _ = engine.apply(state, legal[int(rng.random() * len(legal))])
        engine_rounds += state.round_no
    ref_rounds = sum(reference.play_game(players, rng)[0] for _ in range(games))
    assert ref_rounds / games == pytest.approx(engine_rounds / games, rel=0.06)


def test_bench_engine_against_another_checkout_prints_both_and_the_ratio(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Measured against itself (the project's root): both lines and a ratio near 1."""
    root = str(Path(__file__).resolve().parents[3])
    argv = ["bench", "engine", "--game", "adventure", "--games", "4", "--repeat", "2"]
    assert cli.main([*argv, "--against", root]) == 0
    out = capsys.readouterr().out
    assert f"against {root} (2 runs each, in turns, CPU time; mean ± 95% interval):" in out
    assert re.search(r"this checkout [\d,]+ ± [\d,]+ turns/s", out)
    assert re.search(r"ratio \d+\.\d\dx \(runs: \d+\.\d\d-\d+\.\d\d\)", out)


def test_bench_engine_against_runs_the_reference_in_the_same_turns_for_hobbit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Love Letter against itself: the reference playout runs in the same turns, and each
    engine's rate over it (run by run, with its interval) is printed: near the same for both."""
    root = str(Path(__file__).resolve().parents[3])
    argv = ["bench", "engine", "--edition", "hobbit", "--rounds", "200", "--repeat", "2"]
    assert cli.main([*argv, "--against", root]) == 0
    out = capsys.readouterr().out
    assert re.search(r"reference playout [\d,]+ ± [\d,]+ moves/s; engine/reference", out)
    found = re.findall(r"^   (this checkout|\S+)\s+(\d+\.\d\d) ± \d+\.\d\dx$", out, re.M)
    assert [name for name, _ in found] == ["this checkout", Path(root).name]
    assert all(0.2 < float(ratio) < 5 for _, ratio in found)


def test_bench_engine_against_a_folder_without_the_engine_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["bench", "engine", "--against", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        f"bench engine: --against {tmp_path}: no engine/loveletter/ there "
        "(give a checkout of this project)"
    ]
    assert "rounds/s" not in captured.out
    assert list(tmp_path.iterdir()) == []
