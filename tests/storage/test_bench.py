"""`python -m bot bench storage` and `bench service` run end to end and print their figures
(no timing asserted; bench service's paced and saturation figures are read in
tests/bot/bench/test_bench_service_pictures.py, of one run shared by three tests)."""

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
    assert "synchronous=NORMAL" in out  # the bot's default durability
    assert (tmp_path / "bench.db").exists()


def test_bench_storage_measures_the_full_durability_mode_on_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["bench", "storage", "--saves", "5", "--games", "0", "--sync", "full"]
    assert cli.main([*argv, "--database", str(tmp_path)]) == 0
    assert "synchronous=FULL" in capsys.readouterr().out


def test_bench_storage_rejects_nonsense_counts(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:  # argparse's usage error: one line, status 2
        cli.main(["bench", "storage", "--saves", "0"])
    assert stopped.value.code == 2
    assert "--saves: must be 1 or more, not 0" in capsys.readouterr().err


def test_bench_service_think_zero_runs_only_the_saturation_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["bench", "service", "--games", "2", "--think", "0", "--saturation-seconds", "0.3"]
    assert cli.main([*args, "--sync", "full", "--database", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\nsaturation:" in out and "\npaced:" not in out and "sync=full" in out


def test_bench_service_rejects_nonsense(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:  # argparse's own refusal, one line
        cli.main(["bench", "service", "--games", "0"])
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "argument --games: must be 1 or more, not 0" in captured.err
