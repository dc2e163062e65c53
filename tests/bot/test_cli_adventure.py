"""bot/cli_adventure.py: adventure scenario replay and terminal play, with scripted stdin."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli.adventure import play_main, replay_main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "scenarios" / "adventure" / "adv_07_dragon_beaten_wins_the_game.json"


def test_replay_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert replay_main([str(SCENARIO)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["winner"] == "ann"


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(SCENARIO.read_text(encoding="utf-8")))
    assert replay_main(["-"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "ann"


def test_replay_rejected_move_still_exits_0(
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
    assert replay_main([str(bad)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is False and out["error"]["move"] == 0


@pytest.mark.parametrize(
    "text",
    ["not json", "[1, 2]", '{"game": "adventure", "players": ["ann"], "first": "ann"}', "{}"],
)
def test_replay_not_a_scenario_exits_2_with_one_line(
    text: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "x.json"
    path.write_text(text)
    assert replay_main([str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1


def test_replay_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert replay_main(["/nonexistent/scenario.json"]) == 2
    assert "cannot read" in capsys.readouterr().err


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
    code, out, _ = _play(["--seed", "5"], f"{typed}\n", monkeypatch, capsys)
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
