"""`bench web` measures what it says: every socket's frame of every move arrives (a finite
p99), one table frame and two private frames are built per move, the figures print."""

from __future__ import annotations

import math
from pathlib import Path

from bot.bench.web import SOCKETS_PER_TABLE, measure, report


async def test_a_small_bench_gets_every_frame(tmp_path: Path) -> None:
    figures = await measure(tmp_path / "b.db", tables=3, rounds=2, seed=1)
    assert figures["moves"] == 6
    assert figures["frames"] == SOCKETS_PER_TABLE * figures["moves"]  # table + 2 hands
    assert math.isfinite(figures["p99_ms"]) and figures["p99_ms"] >= figures["median_ms"] > 0
    assert 0 < figures["bundle_kb"] <= 300
    lines = report(figures)
    assert lines[0] == "bench web: 3 tables x 3 sockets, 6 moves, 18 frames built"
    assert "p99" in lines[1] and "KB gzipped" in lines[-1]
