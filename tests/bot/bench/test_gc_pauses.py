"""bench service's GC line tells the collector's own work (CPU) from its wall time, which on
a busy machine also counts other processes' turns on the core."""

from __future__ import annotations

import gc
import re
from pathlib import Path

import pytest

from bot import cli
from bot.bench.probes import GcPauses


def test_each_generation_has_its_pauses_and_their_cpu() -> None:
    with GcPauses() as pauses:
        gc.collect()
    assert len(pauses.pauses[2]) == len(pauses.cpu[2]) >= 1
    assert 0 <= pauses.cpu[2][0] <= pauses.pauses[2][0] + 0.01
    line = pauses.line()
    assert "gen2 1x (" in line and "/min) max " in line and "(CPU max " in line


def test_bench_service_paces_the_collector_as_the_bot_and_samples_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--gc-young-ms` as GC_YOUNG_MS (bot/runtime/gc_pacing.py): the young collections are
    the pacer's, CPython's triggers are back after the run, and memory is sampled meanwhile."""
    thresholds = gc.get_threshold()
    args = ["bench", "service", "--games", "2", "--seconds", "0.5", "--saturation-seconds", "0"]
    args += ["--think", "0.05", "--pictures", "off", "--database", str(tmp_path)]
    assert cli.main([*args, "--gc-young-ms", "10"]) == 0
    out = capsys.readouterr().out
    paced = re.search(r"GC paced every 10 ms: (\d+) young", out)
    assert paced is not None and int(paced.group(1)) >= 1
    assert re.search(r"memory over the run: \d+ MiB and [\d,]+ allocated blocks at 0\.0 s, ", out)
    assert gc.get_threshold()[1:] == thresholds[1:]  # the pacer's are gone (bench tuned gen0)
    with pytest.raises(SystemExit):
        cli.main([*args, "--gc-young-ms", "-1"])
