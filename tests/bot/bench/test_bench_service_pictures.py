"""`bench service` measures what pictures cost in one command (issue 34): by default each run
once without pictures and once with, then the figures the targets are about side by side
(CPU per move on against off, served moves/s, paced p99, the table picture's p99 delay).
No timing is asserted: only that every figure is printed."""

from __future__ import annotations

import contextlib
import gc
import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import cli

QUICK = ["--games", "3", "--seconds", "0.6", "--saturation-seconds", "0.4", "--think", "0.05"]
# One setting alone, the collector paced as the bot's GC_YOUNG_MS: one run read by three tests.
ONE_SETTING = [*QUICK, "--pictures", "off", "--gc-young-ms", "10"]
SHARES_THE_RUN = pytest.mark.xdist_group("bench service, one setting")


@dataclass(frozen=True)
class Run:
    status: int
    out: str
    database: Path
    thresholds: tuple[tuple[int, ...], tuple[int, ...]]  # gc.get_threshold() before, after


@pytest.fixture(scope="module")
def one_setting(tmp_path_factory: pytest.TempPathFactory) -> Run:
    """`bench service` once with pictures off and `--gc-young-ms 10` (each run costs seconds
    of CPU): the tests marked SHARES_THE_RUN read its output on one xdist worker."""
    database = tmp_path_factory.mktemp("bench")
    before = gc.get_threshold()
    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = cli.main(["bench", "service", *ONE_SETTING, "--database", str(database)])
    return Run(status, out.getvalue(), database, (before, gc.get_threshold()))


def test_one_run_measures_pictures_off_and_on_and_compares_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["bench", "service", *QUICK, "--database", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    for name in ("paced", "saturation"):
        for setting in ("off", "on"):
            assert re.search(rf"\n{name}: think time .*; pictures {setting}\n", out), out
    assert re.search(r"table picture after it: .* p99 \d+\.\d+ ms  \(target p99 <= 50 ms", out)
    compared = out.split("\npictures on against off (nproc ")[1]
    assert re.search(
        r"paced: CPU per move off \d+\.\d+ ms, on \d+\.\d+ ms = \d+\.\dx \(target <= 2x: ", compared
    )
    assert re.search(r"served \d+ moves/s of ~60 offered .* p99 \d+\.\d ms \(target", compared)
    assert re.search(r"table picture p99 \d+ ms after the move \(target <= 50 ms: ", compared)
    assert re.search(r"capacity: off \d+ moves/s, on \d+ moves/s per process", compared)


@SHARES_THE_RUN
def test_one_setting_runs_alone_without_a_comparison(one_setting: Run) -> None:
    assert one_setting.status == 0
    out = one_setting.out
    assert "; pictures off\n" in out and "; pictures on\n" not in out
    assert "pictures on against off" not in out and "table picture after it" not in out


def test_each_run_prints_the_slowest_moves_and_the_collector_by_generation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 44: not only p99 but p99.9 and the largest move time, each against its target,
    the GC's pauses generation by generation (how many, a minute, longest, total), and with
    the worker process its share of the CPU per move apart from the bot's."""
    args = ["bench", "service", *QUICK, "--pictures", "on", "--saturation-seconds", "0"]
    assert cli.main([*args, "--database", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"per move: median \d+\.\d+ ms, p99 \d+\.\d+ ms, p99\.9 \d+\.\d ms, max \d+\.\d ms  "
        r"\(target p99 <= 20 ms: (ok|ABOVE); p99\.9 <= 15 ms: (ok|ABOVE); "
        r"max <= 25 ms: (ok|ABOVE)\)",
        out,
    ), out
    gc = out.split("event loop stalls, CPython GC by generation: ")[1].splitlines()[0]
    for generation in range(3):
        one = rf"gen{generation} \d+x \(\d+\.\d/min\) max \d+\.\d ms total \d+ ms "
        one += r"\(CPU max \d+\.\d ms, total \d+ ms\)"
        assert re.search(one, gc), gc
    assert re.search(
        r"\n  of which the drawing worker \d+\.\d\d ms, the bot's process \d+\.\d\d ms\n", out
    ), out


@SHARES_THE_RUN
def test_bench_service_prints_the_paced_latency_and_the_saturation_throughput(
    one_setting: Run,
) -> None:
    """Both runs once, without pictures (the default, --pictures both, runs everything twice
    and starts a drawing worker process)."""
    out = one_setting.out
    assert one_setting.status == 0
    paced, saturation = out.split("\npaced:")[1].split("\nsaturation:")
    assert "offered ~60 moves/s" in paced and "target p99 <= 20 ms" in paced
    assert re.search(r"per move: median \d+\.\d+ ms, p99 \d+\.\d+ ms", paced)
    assert re.search(r"moves: [1-9]\d* in \d+\.\d s = \d+ moves/s", saturation)
    assert "Little's law: 3 tables" in saturation
    assert "sync=normal" in out and (one_setting.database / "bench-paced.db").exists()


@SHARES_THE_RUN
def test_bench_service_paces_the_collector_as_the_bot_and_samples_memory(
    one_setting: Run, tmp_path: Path
) -> None:
    """`--gc-young-ms` as GC_YOUNG_MS (bot/runtime/gc_pacing.py): the young collections are
    the pacer's, CPython's triggers are back after the run, and memory is sampled meanwhile."""
    assert one_setting.status == 0
    out = one_setting.out
    paced = re.search(r"GC paced every 10 ms: (\d+) young", out)
    assert paced is not None and int(paced.group(1)) >= 1
    assert re.search(r"memory over the run: \d+ MiB and [\d,]+ allocated blocks at 0\.0 s, ", out)
    before, after = one_setting.thresholds
    assert after[1:] == before[1:]  # the pacer's are gone (bench tuned gen0)
    with pytest.raises(SystemExit):
        cli.main(["bench", "service", *QUICK, "--gc-young-ms", "-1", "--database", str(tmp_path)])
