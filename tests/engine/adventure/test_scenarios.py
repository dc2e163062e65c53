"""Every tests/scenarios/adventure/*.json replayed and checked against its "expect" block.

The expect block holds part of the replay output: objects match when every expected key
matches, lists element by element (`cards`, `talismans` in any order), other values by
equality. `log_includes` lists partial events that must appear in the log in that order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.adventure.scenario import replay

ROOT = Path(__file__).resolve().parents[3]
FILES = sorted((ROOT / "tests" / "scenarios" / "adventure").glob("*.json"))
UNORDERED = {"cards", "talismans", "smiths"}


def mismatch(want: Any, got: Any, where: str = "") -> str | None:
    """Where `got` differs from the partial `want`, or None."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return f"{where}: expected an object, got {got!r}"
        for key, value in want.items():
            if key not in got:
                return f"{where}.{key}: missing"
            if key in UNORDERED and isinstance(value, list) and isinstance(got[key], list):
                if sorted(value) != sorted(got[key]):
                    return f"{where}.{key}: expected {sorted(value)}, got {sorted(got[key])}"
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
    return None if want == got else f"{where}: expected {want!r}, got {got!r}"


def log_mismatch(wanted: list[dict[str, Any]], log: list[dict[str, Any]]) -> str | None:
    """The first partial event not found in order in the log, or None."""
    i = 0
    for n, event in enumerate(wanted):
        while i < len(log) and mismatch(event, log[i]) is not None:
            i += 1
        if i == len(log):
            return f"log_includes[{n}] {event!r} not found in order"
        i += 1
    return None


def test_at_least_40_adventure_scenarios() -> None:
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_adventure_scenario(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    expect = dict(data["expect"])
    assert expect, f"{path.name} has no expectations"
    wanted_log = expect.pop("log_includes", [])
    out = replay(data)
    problem = mismatch(expect, out) or log_mismatch(wanted_log, out["log"])
    assert problem is None, f"{path.name}: {problem}\nerror: {out['error']}"
