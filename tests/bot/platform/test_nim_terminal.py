"""Nim, the test-only game, in the terminal: `python -m bot play --game nim` (in process, Nim
registered from the test) plays a whole game against an AI seat, refuses its bad options in one
line with status 2, and the bot without a token offers it after the real games (issue 42,
item 5: the terminal's list of games is the registry's)."""

from __future__ import annotations

import io

import pytest

from bot import cli
from bot.runtime import runner


def _play(
    argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = cli.main(["play", "--game", "nim", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_whole_game_of_nim_in_the_terminal(
    nim: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _play(["--seed", "4"], "x\n" + "1\n" * 20, monkeypatch, capsys)
    assert code == 0 and err == ""
    assert out.startswith("Nim: ") and "take 1 to 3" in out
    assert "Please enter a number from 1 to 3." in out  # the "x" (NIM-2)
    assert "you took 1;" in out and "ai1 took " in out and " 0 left." in out  # NIM-3
    assert out.rstrip().endswith(("You win the game!", "ai1 wins."))


def test_nim_refuses_its_bad_options_in_one_line(
    nim: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _play(["--edition", "pegasus"], "", monkeypatch, capsys)
    assert (code, out, err) == (2, "", "play: Nim has no editions\n")
    code, out, err = _play(["--players", "5"], "", monkeypatch, capsys)
    assert (code, err) == (2, "play: Nim takes 2 to 4 players\n")


def test_end_of_input_leaves_nim_with_status_0(
    nim: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _err = _play([], "", monkeypatch, capsys)
    assert code == 0 and "Input closed; game abandoned." in out


def test_without_a_token_nim_is_offered_third(
    nim: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[str] = []

    def typed(prompt: str) -> str:
        asked.append(prompt)
        return "3"

    monkeypatch.setattr(runner, "_interactive", lambda: True)
    monkeypatch.setattr("builtins.input", typed)  # "3" to the offer, then 3 stones a turn
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert runner._without_token() == 0
    assert "1 Love Letter, 2 The Hobbit Adventure Boardgame, 3 Nim, Enter: no: " in asked[0]
    out = capsys.readouterr().out
    assert out.startswith("Nim: ") and "you took 3;" in out
    assert out.rstrip().endswith(("You win the game!", "ai1 wins."))


def test_play_offers_nim_only_while_it_is_registered(nim: str) -> None:
    from bot.cli.play import games

    assert games() == ("loveletter", "adventure", "nim")
    from tests.games.nim import plug

    plug.uninstall()
    assert games() == ("loveletter", "adventure")
    plug.install()
