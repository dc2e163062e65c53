"""`python -m bot bench storage` runs end to end and prints its figures (no timing asserted)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import cli


def test_bench_storage_prints_save_and_load_figures(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = cli.main(
        ["bench", "storage", "--saves", "20", "--games", "30", "--database", str(tmp_path)]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert re.search(r"median +\d+\.\d+ ms", out) and re.search(r"p99 +\d+\.\d+ ms", out)
    assert "load 30 running games" in out
    assert (tmp_path / "bench.db").exists()


def test_bench_storage_rejects_nonsense_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "storage", "--saves", "0"]) == 2
    assert "--saves must be >= 1" in capsys.readouterr().out
