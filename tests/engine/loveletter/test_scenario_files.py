"""Every tests/scenarios/*.json through the replay, checked against its "expect" block.

The expect block holds a part of the replay output: objects match when every expected key
matches, lists element by element (a `hand` in any order), other values by equality.
`log_includes` lists partial events that must appear in the log in that order.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.loveletter.scenario import replay

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "tests" / "scenarios" / "loveletter").glob("*.json"))
EXPECT_KEYS = {
    "ok",
    "error",
    "rounds",
    "players",
    "active",
    "pending",
    "deciding_round",
    "game_winner",
    "log_includes",
}


def mismatch(want: Any, got: Any, where: str = "") -> str | None:
    """Where `got` differs from the partial `want`, or None."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{where}: expected an object, got {got!r}"
        for key, value in want.items():
            if key not in got:
                return f"{where}.{key}: missing"
            if key == "hand" and isinstance(value, list) and isinstance(got[key], list):
                if sorted(value) != sorted(got[key]):
                    return f"{where}.hand: expected {sorted(value)}, got {sorted(got[key])}"
                continue
            found = mismatch(value, got[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return f"{where}: expected {want!r}, got {got!r}"
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            found = mismatch(w, g, f"{where}[{i}]")
            if found:
                return found
        return None
    if want != got or type(want) is not type(got):
        return f"{where}: expected {want!r}, got {got!r}"
    return None


def check(expect: dict[str, Any], out: dict[str, Any]) -> None:
    unknown = set(expect) - EXPECT_KEYS
    assert not unknown, f"unknown expect keys {unknown}"
    plain = {k: v for k, v in expect.items() if k != "log_includes"}
    problem = mismatch(plain, out)
    assert problem is None, problem
    log = iter(out["log"])
    for event in expect.get("log_includes", []):
        assert any(mismatch(event, e) is None for e in log), f"log lacks {event} (in order)"


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario_file(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("description") and data.get("expect"), "a scenario file needs both"
    check(data["expect"], replay(data))


@pytest.mark.parametrize(
    "name", ["c_01_spec_example", "peg_20_marshal_and_assassin", "c_09_deciding_round"]
)
def test_scenario_file_through_the_command(name: str) -> None:
    path = ROOT / "tests" / "scenarios" / "loveletter" / f"{name}.json"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    check(json.loads(path.read_text(encoding="utf-8"))["expect"], out)
    assert out == replay(json.loads(path.read_text(encoding="utf-8")))


def test_the_matcher_reports_differences() -> None:
    assert mismatch({"a": [1, 2]}, {"a": [1, 2], "b": 0}) is None
    assert mismatch({"a": [1, 2]}, {"a": [1]}) is not None
    assert mismatch({"hand": ["x", "y"]}, {"hand": ["y", "x"]}) is None
    assert mismatch({"a": {"b": None}}, {"a": {"b": False}}) is not None
    assert mismatch({"a": 1}, {"a": True}) is not None
