"""`bench service --picture-workers`: the table pictures drawn as PICTURE_WORKERS draws them,
and with the worker process its CPU time counted in the CPU per move (the bot's process alone
would look cheaper than the work a move costs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import cli
from tests.bot.bench.test_bench_service_pictures import QUICK


@pytest.mark.parametrize("workers", ["process", "thread"])
def test_the_cpu_per_move_counts_the_drawing_worker(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    args = ["bench", "service", *QUICK, "--pictures", "on", "--saturation-seconds", "0"]
    assert cli.main([*args, "--picture-workers", workers, "--database", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert f"  table pictures drawn in a {workers} (--picture-workers)\n" in out
    counted = "ms per move (whole process and its drawing worker);" in out
    assert counted == (workers == "process"), out
