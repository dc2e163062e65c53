"""Adventure on the command line: `replay` of adventure scenarios through the registry (every
file of tests/scenarios/adventure against its expect block), `play --game adventure` with
scripted standard input, and `simulate` / `bench` with `--game adventure`."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli
from bot.cli.adventure import play_main
from tests.engine.adventure.test_scenarios import FILES, log_mismatch, mismatch

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "tests" / "scenarios" / "adventure" / "adv_07_dragon_beaten_wins_the_game.json"
LOVE_LETTER = sorted((ROOT / "tests" / "scenarios" / "loveletter").glob("*.json"))[0]


def _replay(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(["replay", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_adventure_scenario_replays_through_the_command(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _replay([str(path)], capsys)
    assert code == 0 and err == ""
    got = json.loads(out)
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    wanted_log = expect.pop("log_includes", [])
    problem = mismatch(expect, got) or log_mismatch(wanted_log, got["log"])
    assert problem is None, f"{path.name}: {problem}"


def test_replay_still_plays_love_letter_scenarios_with_or_without_a_game_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = _replay([str(LOVE_LETTER)], capsys)
    plain = json.loads(out)
    assert code == 0 and "rounds" in plain and "hobbits" not in plain
    named = tmp_path / "ll.json"
    named.write_text(json.dumps({**json.loads(LOVE_LETTER.read_text()), "game": "loveletter"}))
    code, out, _ = _replay([str(named)], capsys)
    assert code == 0 and json.loads(out) == plain


def test_replay_reads_an_adventure_scenario_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(SCENARIO.read_bytes()), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, _ = _replay(["-"], capsys)
    assert code == 0 and json.loads(out)["winner"] == "ann"


def test_replay_rejected_adventure_move_still_exits_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "game": "adventure",
                "players": ["ann", "bob"],
                "first": "ann",
                "moves": [{"player": "bob", "action": "roll"}],
            }
        )
    )
    code, out, _ = _replay([str(bad)], capsys)
    result = json.loads(out)
    assert code == 0 and result["ok"] is False and result["error"]["move"] == 0


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"game": "adventure", "players": ["ann"], "first": "ann"}', "2 to 4 distinct"),
        ('{"game": "adventure", "players": ["ann", "bob"]}', "'first' must name"),
        ('{"game": "adventure", "players": ["a", "b"], "first": "a", "moves": 7}', "'moves'"),
        ('{"game": "chess"}', "Unknown game 'chess'; known games: adventure, loveletter"),
        ('{"game": ["adventure"]}', "'game' must name a game"),
        ('{"game": "adventure", "players": ["' + "z" * 5000 + '"]}', "2 to 4 distinct"),
        ('{"game": "adventure", "seed": ' + "9" * 5000 + "}", "4300 digits"),
        ('{"game": "adventure", "hobbits": ' + "[" * 100_000, "nested too deeply"),
        (b"\xff{}".decode("latin-1"), "not valid JSON"),
    ],
)
def test_replay_of_what_is_not_an_adventure_scenario_is_one_line_and_status_2(
    text: str, reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "x.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = _replay([str(path)], capsys)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert reason in err and len(err) < 300


def test_replay_of_adventure_bytes_that_are_not_utf8_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "latin.json"
    path.write_bytes('{"game": "adventure", "players": ["Éowyn", "b"]}'.encode("latin-1"))
    code, _, err = _replay([str(path)], capsys)
    assert code == 2 and "is not UTF-8 text" in err and len(err.splitlines()) == 1


def test_replay_of_an_adventure_scenario_into_a_closed_pipe_ends_quietly() -> None:
    import os

    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "bot", "replay", str(SCENARIO)],
            cwd=ROOT,
            stdout=writer,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(writer)
    assert result.returncode == 0 and result.stderr == b""


def _play(
    argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = play_main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_play_a_whole_game_by_always_choosing_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _play(
        ["--players", "2", "--ai", "novice", "--seed", "3"], "1\n" * 5000, monkeypatch, capsys
    )
    assert code == 0
    assert "Turn 1" in out
    assert "won the game" in out or "the Dragon wins" in out or "Input closed" in out
    assert "Traceback" not in out


def test_play_shows_the_board_and_distances(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _play(["--players", "3", "--seed", "5"], "1\n1\n", monkeypatch, capsys)
    assert code == 0
    assert "You: Hobbiton — 12 LP, 10 GP" in out
    assert "Travel to Grey Havens ★ haven (1 road)" in out
    assert "Input closed; game abandoned." in out


@pytest.mark.parametrize("typed", ["²", "٣", "0", "-1", "99", "one", ""])
def test_play_rejects_bad_choices_and_asks_again(
    typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _play(["--seed", "5"], f"1\n{typed}\n", monkeypatch, capsys)  # roll, then
    assert code == 0
    assert "Type a number from 1 to" in out
    assert "Input closed" in out


def test_play_end_of_input_ends_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _play(["--seed", "1"], "", monkeypatch, capsys)
    assert code == 0 and "Input closed; game abandoned." in out and err == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "5"],
        ["--players", "1"],
        ["--players", "²"],
        ["--players", "three"],
        ["--seed", "x"],
        ["--seed", "-3"],
        ["--ai", "wizard"],
        ["--colour", "red"],
    ],
)
def test_play_bad_options_give_one_line_and_exit_2(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _play(argv, "", monkeypatch, capsys)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("play: ")


def test_play_game_adventure_goes_through_the_play_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n"))
    code = cli.main(["play", "--game", "adventure", "--players", "3", "--seed", "5"])
    out = capsys.readouterr().out
    assert code == 0
    assert "You: Hobbiton — 12 LP, 10 GP" in out and "Input closed; game abandoned." in out


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--players", "5"], "--players must be from 2 to 4"),
        (["--ai", "wizard"], "--ai must be one of novice, standard, expert"),
    ],
)
def test_play_game_adventure_bad_options_are_one_line_and_status_2(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "--game", "adventure", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"play: {reason}")
    assert len(captured.err.splitlines()) == 1


def _simulate(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = cli.main(["simulate", "--game", "adventure", *argv])
    return code, capsys.readouterr().out.splitlines()


def test_simulate_game_adventure_prints_win_rates_the_dragon_and_the_length(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, lines = _simulate(["--seats", "standard,novice", "--games", "4"], capsys)
    assert code == 0
    assert lines[0] == "4 games · adventure · 2 players · seed 1"
    seats = [line.split() for line in lines[2:4]]
    assert [s[:2] for s in seats] == [["s1", "standard"], ["s2", "novice"]]
    wins = [int(s[2]) for s in seats]
    dragon = int(lines[4].split(": ")[1].split()[0])
    assert lines[4].startswith("the Dragon wins (every hobbit out): ")
    assert sum(wins) + dragon == 4
    assert all("[" in line and "%]" in line for line in lines[2:5])
    assert lines[5].startswith("game length: median ")


def test_simulate_game_adventure_gives_the_same_figures_for_any_jobs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--seats", "novice,novice,novice", "--games", "6", "--seed", "3"]
    assert _simulate([*argv, "--jobs", "1"], capsys) == _simulate([*argv, "--jobs", "2"], capsys)


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        ("standard,wizard", "unknown level(s) wizard; choose from novice, standard, expert"),
        ("standard", "for 2–4 players"),
        ("novice,novice,novice,novice,novice", "for 2–4 players"),
    ],
)
def test_simulate_game_adventure_refuses_bad_seats(
    seats: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", "--game", "adventure", "--seats", seats, "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert reason in err and len(err.splitlines()) == 1


def test_bench_engine_and_ai_take_game_adventure(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "engine", "--game", "adventure", "--games", "3", "--repeat", "1"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "turns/s" in out and "decisions/s" in out
    argv = ["bench", "ai", "--game", "adventure", "--positions", "4", "--levels", "novice,standard"]
    assert cli.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[2:4]] == ["novice", "standard"]
    assert cli.main(["bench", "ai", "--game", "adventure", "--levels", "wizard"]) == 2
