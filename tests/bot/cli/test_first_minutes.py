"""A newcomer's first minutes (issue 35): `--help` names both games, `play --help` the default
edition, the bot without a token offers either game, `play` says what it does with `--edition`
and `--name`, no blank or look-alike seats, and the README's quick start says "No token at
hand?" before the command that needs one."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import cli
from tests.bot.child import REPO_ROOT, run_bot
from tests.bot.cli.test_cli import _run_in_terminal

Play = Callable[[list[str]], tuple[int, str, str]]
README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")


def test_top_level_help_names_both_games() -> None:
    result = run_bot(["--help"], text=True)
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "Love Letter (three editions) and The Hobbit Adventure Boardgame" in text
    assert "Love Letter for Discord." not in text
    assert "`play` plays either game in the terminal, no Discord token needed" in text


def test_play_help_names_the_default_edition_and_no_source_file() -> None:
    result = run_bot(["play", "--help"], text=True)
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    assert "Love Letter's edition: pegasus (default), hobbit or l5r" in text
    assert "The Hobbit Adventure Boardgame (--game adventure)" in text
    assert ".py" not in text and "bot/" not in text


@pytest.mark.parametrize(
    ("typed", "started"),
    [(b"2\n?\n\x04", "hobbits: you and Rosie Cotton (AI, standard)"), (b"1\n\x04", "Love Letter")],
)
def test_without_a_token_a_terminal_is_offered_either_game(
    typed: bytes, started: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    status, output = _run_in_terminal([], tmp_path, typed=typed)
    assert "No Discord token is set" in output
    assert "1 Love Letter, 2 The Hobbit Adventure Boardgame, Enter: no:" in output
    assert started in output and "Input closed; game abandoned." in output
    assert status == 0 and "Traceback" not in output
    if typed.startswith(b"2"):
        assert "rule TOPIC" in output  # `?` reached the Adventure game's help


def test_without_a_token_enter_declines_the_offer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    status, output = _run_in_terminal([], tmp_path, typed=b"\n")
    assert status == 2 and "Love Letter —" not in output and "hobbits:" not in output


@pytest.fixture
def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Play:
    """`python -m bot play ARGV` in process with nothing typed: status, output, errors."""

    def run(argv: list[str]) -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(""))
        code = cli.main(["play", *argv])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


def test_play_adventure_refuses_an_edition_in_one_line(
    play: Play,
) -> None:
    code, out, err = play(["--game", "adventure", "--edition", "hobbit"])
    assert code == 2 and out == ""
    assert err == (
        "play: --edition is for Love Letter; The Hobbit Adventure Boardgame has no editions\n"
    )


def test_play_adventure_name_names_your_hobbit(
    play: Play,
) -> None:
    code, out, _ = play(["--game", "adventure", "--name", "Bilbo", "--seed", "5"])
    assert code == 0
    assert out.startswith("2 hobbits: Bilbo (you) and Rosie Cotton (AI, standard); seed 5.\n")
    assert "The Hobbit Adventure Boardgame: Bilbo, Rosie Cotton." in out


@pytest.mark.parametrize("game", ["loveletter", "adventure"])
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "--name must not be blank"),
        ("   ", "--name must not be blank"),
        ("Sam\tGamgee", "--name must be printable text"),
        ("x" * 5000, "--name may have at most 20 characters, not 5,000"),
    ],
)
def test_play_refuses_a_blank_or_unusable_name_in_one_line(
    game: str, name: str, reason: str, play: Play
) -> None:
    code, out, err = play(["--game", game, "--name", name])
    assert code == 2 and out == ""
    assert err.startswith(f"play: {reason}") and len(err.splitlines()) == 1 and len(err) < 120


@pytest.mark.parametrize("name", ["Rosie Cotton", "rosie  COTTON"])
def test_adventure_ai_hobbits_never_share_your_name(name: str, play: Play) -> None:
    argv = ["--game", "adventure", "--players", "3", "--name", name, "--seed", "5"]
    code, out, _ = play(argv)
    assert code == 0
    first = out.splitlines()[0]
    assert first == (
        f"3 hobbits: {name} (you) and Fatty Bolger (AI, standard),"
        " Lobelia Sackville (AI, standard); seed 5."
    )


@pytest.mark.parametrize("name", ["Ada", "Ada (standard)"])
def test_love_letter_rows_never_read_alike(name: str, play: Play) -> None:
    argv = ["--players", "8", "--name", name, "--seed", "5"]
    code, out, _ = play(argv)
    assert code == 0
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Round 1 · draw pile")) + 1
    rows = [line.split("  ")[1].strip() for line in lines[start : start + 8]]
    assert rows[0] == f"{name} (you)"
    assert len({row.split(" (")[0].casefold() for row in rows}) == 8, rows


def test_readme_offers_the_terminal_game_before_the_command_that_needs_a_token() -> None:
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert quick.index("No token at hand?") < quick.index("DISCORD_TOKEN")
    assert quick.index("No token at hand?") < quick.index("cp .env.example .env")
    assert "python -m bot play --game adventure" in quick
