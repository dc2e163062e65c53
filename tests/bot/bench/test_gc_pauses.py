"""bench service's GC line tells the collector's own work (CPU) from its wall time, which on
a busy machine also counts other processes' turns on the core. (`bench service --gc-young-ms`
is tested in test_bench_service_pictures.py's one shared run.)"""

from __future__ import annotations

import gc

from bot.bench.probes import GcPauses


def test_each_generation_has_its_pauses_and_their_cpu() -> None:
    with GcPauses() as pauses:
        gc.collect()
    assert len(pauses.pauses[2]) == len(pauses.cpu[2]) >= 1
    assert 0 <= pauses.cpu[2][0] <= pauses.pauses[2][0] + 0.01
    line = pauses.line()
    assert "gen2 1x (" in line and "/min) max " in line and "(CPU max " in line
