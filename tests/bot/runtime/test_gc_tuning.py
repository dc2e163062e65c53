"""bot.runtime.gc_tuning: the start-up settings of a long-running process, and the bench lines that
report memory."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import cli
from bot.runtime.gc_tuning import GEN0_THRESHOLD, MEMO_BUDGET, SWITCH_INTERVAL, tune_for_service
from engine.loveletter.legal import memo_budget, set_memo_budget


@pytest.fixture
def restore_gc() -> Iterator[None]:
    thresholds, budget, interval = gc.get_threshold(), memo_budget(), sys.getswitchinterval()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    set_memo_budget(budget)
    sys.setswitchinterval(interval)


def test_tuning_bounds_the_memo_freezes_start_up_and_raises_gen0(restore_gc: None) -> None:
    set_memo_budget(200_000)
    gc.set_threshold(700, 10, 10)
    before = gc.get_freeze_count()  # earlier tests' (tests/conftest.py keeps them frozen)
    tuning = tune_for_service()
    assert memo_budget() == MEMO_BUDGET == tuning.memo_budget
    assert gc.get_threshold()[0] == GEN0_THRESHOLD == tuning.thresholds[0]
    # Frozen objects that die leave the permanent generation, so the count may have fallen
    # by a few since (a tuple or frame freed meanwhile); it never grows without a freeze.
    frozen = before + tuning.frozen
    assert tuning.frozen > 0 and frozen - 100 <= gc.get_freeze_count() <= frozen
    assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL) == tuning.switch_interval


def test_bench_ai_times_decisions_under_the_bots_tuning(
    restore_gc: None, capsys: pytest.CaptureFixture[str]
) -> None:
    gc.set_threshold(700, 10, 10)
    assert cli.main(["bench", "ai", "--positions", "3", "--levels", "expert"]) == 0
    assert "(8 table kinds, the bot's GC tuning)" in capsys.readouterr().out
    assert gc.get_threshold()[0] == GEN0_THRESHOLD and gc.get_freeze_count() > 0


def test_bench_engine_prints_peak_memory(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["bench", "engine", "--edition", "hobbit", "--rounds", "20", "--repeat", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert "rounds/s" in out and "peak memory:" in out and "MiB resident" in out


def test_bench_service_prints_rss_and_memo_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], restore_gc: None
) -> None:
    args = ["bench", "service", "--games", "2", "--seconds", "0.5", "--saturation-seconds", "0"]
    status = cli.main([*args, "--think", "0.05", "--database", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 0
    assert "after the run: RSS" in out and "GC-tracked objects" in out
    assert f"of {MEMO_BUDGET:,} entries" in out  # the bot's tuning was applied
