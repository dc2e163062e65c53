"""Inputs a user can type into `replay`, `play` and `bench` that are unusable: each is answered by
one clear line on standard error and exit status 2, within seconds, with no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import cli

REPO_ROOT = Path(__file__).resolve().parents[3]
SCENARIO = REPO_ROOT / "tests" / "scenarios" / "loveletter" / "c_01_spec_example.json"


def _bot(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **kwargs}
    return subprocess.run(  # type: ignore[call-overload,no-any-return]
        [sys.executable, "-m", "bot", *args],
        cwd=REPO_ROOT,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        timeout=60,  # "no hang"
        **streams,
    )


def _one_line(stderr: str) -> str:
    assert "Traceback" not in stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


BAD_FILES = [
    ("binary", b"\xff\xfe\x00\x01", "is not UTF-8 text (byte 0xff at position 0)"),
    ("latin-1", '{"edition": "pégasus"}'.encode("latin-1"), "is not UTF-8 text"),
    ("nested", b"[" * 100_000, "nested too deeply"),
    ("long number", b"1" * 5000, "4300 digits"),
    ("not json", b"{edition: pegasus}", "is not valid JSON"),
]


@pytest.mark.parametrize(("kind", "content", "expected"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_replay_of_unusable_bytes_is_one_line_and_status_2(
    kind: str, content: bytes, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.json"
    path.write_bytes(content)
    assert cli.main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert expected in _one_line(captured.err)


def test_replay_of_binary_standard_input_is_one_line() -> None:
    result = _bot(["replay", "-"], input=b"\x00\x9c\xff")
    assert result.returncode == 2
    assert "is not UTF-8 text" in _one_line(result.stderr.decode())


def test_replay_never_echoes_a_huge_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = "z" * 50_000_000
    path = tmp_path / "huge.json"
    scenario = {"edition": "pegasus", "players": ["a", "b"], "tokens": {huge: 1}, "rounds": [{}]}
    path.write_text(json.dumps(scenario))
    assert cli.main(["replay", str(path)]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "not in 'players'" in line
    assert len(line) < 300  # quoted input cut to about 80 characters
    assert "z" * 77 + "…" in line and "z" * 81 not in line


def test_replay_into_a_closed_pipe_ends_quietly() -> None:
    reader, writer = os.pipe()
    os.close(reader)  # like `| head -c 100` that has already stopped reading
    try:
        result = _bot(["replay", str(SCENARIO)], stdout=writer)
    finally:
        os.close(writer)
    assert result.returncode == 0
    assert result.stderr == b""


def test_replay_of_a_missing_file_or_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "No such file" in _one_line(capsys.readouterr().err)
    assert cli.main(["replay", str(tmp_path)]) == 2
    assert f"{tmp_path} is a folder, not a file" in _one_line(capsys.readouterr().err)


@pytest.mark.parametrize("players", ["0", "-3", "10000000"])
def test_play_with_an_impossible_player_count_quotes_it(players: str) -> None:
    """One line on standard error (the README says so for every refused option), none on
    standard output."""
    result = _bot(["play", "--players", players], stdin=subprocess.DEVNULL)  # at once, no hang
    assert result.returncode == 2
    assert result.stdout == b""
    line = _one_line(result.stderr.decode())
    assert line.startswith("play: Cannot start the game: ")
    assert f"--players {players} is not possible" in line and "2 to 8 players" in line


@pytest.mark.parametrize("typed", ["²", "٣", "1.0"])
def test_play_does_not_take_other_digits_for_numbers(typed: str) -> None:
    """`"²".isdigit()` is true and `int("٣")` is 3: neither may be taken as a choice."""
    result = _bot(["play", "--seed", "1", "--ai", "novice"], input=f"{typed}\n".encode())
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr.decode()
    assert "Please enter a number from 1 to" in out
    assert "You played" not in out  # nothing was chosen; the input then closed


def test_play_with_a_non_ascii_number_argument_is_one_line() -> None:
    result = _bot(["play", "--players", "٣"], stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert "is not a whole number" in _one_line(result.stderr.decode())


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--rounds", "0"], "--rounds: must be 1 or more, not 0"),
        (["--rounds", "-5"], "--rounds: must be 1 or more, not -5"),
        (["--repeat", "0"], "--repeat: must be 1 or more, not 0"),
        (["--players", "99"], "--players 99 is outside"),
    ],
)
def test_bench_engine_refuses_counts_that_measure_nothing(
    args: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = cli.main(["bench", "engine", *args])
    except SystemExit as exited:  # argparse's own refusal
        status = int(exited.code or 0)
    assert status == 2
    captured = capsys.readouterr()
    assert expected in _one_line(captured.err)
    assert "rounds/s" not in captured.out


def test_bench_storage_database_on_a_file_or_an_unwritable_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_bytes(b"keep")
    for place, expected in (
        (a_file, "is a file, not a directory"),
        (a_file / "sub", "Not a directory"),
        (Path("/proc/no-such-dir"), "cannot write in /proc/no-such-dir"),
    ):
        assert cli.main(["bench", "storage", "--saves", "1", "--database", str(place)]) == 2
        assert expected in _one_line(capsys.readouterr().err)
    assert a_file.read_bytes() == b"keep"
