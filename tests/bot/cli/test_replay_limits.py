"""`python -m bot replay` on input that is too much or not text: one line on standard error,
exit status 2, nothing on standard output, no traceback, within bounded time and memory."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.api import clip
from tests.bot.child import REPO_ROOT, run_bot


def _replay(file: str, **streams: object) -> subprocess.CompletedProcess[bytes]:
    return run_bot(["replay", file], **streams)


def _refused(result: subprocess.CompletedProcess[bytes]) -> str:
    err = result.stderr.decode()
    assert "Traceback" not in err
    assert result.returncode == 2, err
    assert result.stdout == b""
    (line,) = err.splitlines()
    return line


def test_replay_of_a_file_over_the_size_limit_stops_there(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:
        f.truncate(65 * 2**20)  # sparse: 65 MiB of zero bytes that take no disk
    line = _refused(_replay(str(big)))
    # clip: a long temporary path (xdist's) is quoted clipped, as any long run of input is
    assert line == clip(f"replay: {big} holds more than 64 MiB; read no further")


def _fifo(tmp_path: Path) -> Path:
    fifo = tmp_path / "scenario.json"
    os.mkfifo(fifo)
    return fifo


NOT_FILES = [
    ("fifo", _fifo, "a FIFO (named pipe)"),
    ("endless device", lambda tmp_path: Path("/dev/zero"), "a character device"),
    ("empty device", lambda tmp_path: Path("/dev/null"), "a character device"),
    ("folder", lambda tmp_path: tmp_path, "a folder"),
]


@pytest.mark.parametrize(
    ("make", "kind"), [n[1:] for n in NOT_FILES], ids=[n[0] for n in NOT_FILES]
)
def test_replay_of_something_that_is_not_a_file_is_refused_unread(
    make: Callable[[Path], Path], kind: str, tmp_path: Path
) -> None:
    """A FIFO with no writer used to block `open()` for ever; a device or a folder is no
    scenario either. None is read (not even opened, unless it became one meanwhile)."""
    path = make(tmp_path)
    line = _refused(_replay(str(path)))
    assert line == clip(
        f"replay: {path} is {kind}, not a file; give a scenario file, or - to read standard input"
    )


def test_replay_from_a_closed_standard_input_is_one_line() -> None:
    line = _refused(run_bot(["replay", "-"], closed_stdin=True))
    assert line == "replay: standard input is closed; pipe the scenario in or give a FILE"


def test_replay_of_an_endless_standard_input_stops_at_the_size_limit() -> None:
    endless = subprocess.Popen(["yes", "{}"], stdout=subprocess.PIPE)
    try:
        line = _refused(_replay("-", stdin=endless.stdout))
    finally:
        endless.kill()
        endless.wait()
    assert line == "replay: standard input holds more than 64 MiB; read no further"


SURROGATE_PLAYER = [
    ("adventure", {"game": "adventure", "players": ["ann", "\ud800"], "first": "ann"}),
    ("loveletter", {"edition": "pegasus", "players": ["ann", "bo\ud800b"], "rounds": [{}]}),
]


@pytest.mark.parametrize(
    ("game", "scenario"), SURROGATE_PLAYER, ids=[g for g, _ in SURROGATE_PLAYER]
)
def test_a_lone_surrogate_in_a_player_name_is_one_line(
    game: str, scenario: dict[str, object], tmp_path: Path
) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="ascii")  # "\ud800" spelled as an escape
    line = _refused(_replay(str(path)))
    # (a path longer than QUOTE_RUN characters is quoted cut short, as any long word is:
    # pytest-xdist's temporary folders are longer than pytest's own)
    assert line.startswith(clip(f"replay: {path}") + " is not a scenario: the string ")
    assert line.endswith("holds \\ud800, half of a UTF-16 pair, not a character")


ADVENTURE = REPO_ROOT / "tests" / "scenarios" / "adventure"
LOVE_LETTER = REPO_ROOT / "tests" / "scenarios" / "loveletter" / "c_01_spec_example.json"
ANN_PLACE = [
    (["bree"], "hobbits.ann.place must be a place id (text)"),
    ({"id": "bree"}, "hobbits.ann.place must be a place id (text)"),
    ("z" * 20_000_000, "hobbits.ann.place: no place '" + "z" * 76 + "…"),
]


def _rejected(scenario: dict[str, object], tmp_path: Path) -> dict[str, object]:
    """The `error` of a replay that ran (exit 0, one JSON object) and refused the scenario."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    result = _replay(str(path))
    assert result.returncode == 0 and result.stderr == b""
    assert len(result.stdout) < 20_000  # nothing of the 20 MB came back
    output = json.loads(result.stdout)
    assert output["ok"] is False
    error: dict[str, object] = output["error"]
    return error


@pytest.mark.parametrize(("place", "reason"), ANN_PLACE, ids=["list", "object", "20 MB name"])
def test_an_unusable_hobbit_place_is_a_short_reason(
    place: object, reason: str, tmp_path: Path
) -> None:
    scenario = {"game": "adventure", "players": ["ann", "bob"], "first": "ann"}
    error = _rejected({**scenario, "hobbits": {"ann": {"place": place}}}, tmp_path)
    assert error == {"move": None, "reason": reason}


def test_a_million_extra_cards_are_counted_not_listed(tmp_path: Path) -> None:
    scenario = json.loads((ADVENTURE / "adv_01_lp_never_above_12.json").read_text())
    scenario["decks"]["adventure"] += ["wolf"] * 1_000_000
    error = _rejected(scenario, tmp_path)
    assert error["reason"] == (
        "decks.adventure must list every card nobody holds: "
        "missing [], extra 1,000,000 cards (wolf ×1,000,000)"
    )


def test_a_20_mb_move_value_is_quoted_cut_short_in_both_games(tmp_path: Path) -> None:
    huge = "q" * 20_000_000
    adventure = json.loads((ADVENTURE / "adv_01_lp_never_above_12.json").read_text())
    adventure["moves"][1]["to"] = huge
    reason = _rejected(adventure, tmp_path)["reason"]
    assert reason == f"There is no place called '{'q' * 76}…"
    love_letter = json.loads(LOVE_LETTER.read_text())
    love_letter["rounds"][0]["moves"][0]["card"] = huge
    assert _rejected(love_letter, tmp_path)["reason"] == f"You don't hold {'q' * 77}…"
