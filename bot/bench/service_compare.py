"""`bench service --pictures both`: each run once without pictures and once with, then the
figures issue 34 set targets for, side by side, so one command says what pictures cost.

Targets: CPU per move with pictures at most 2x without (issue 44; 3x in issue 34); the paced
run's p99 with pictures <= 20 ms; the table picture's p99 delay after the move <= 50 ms
(issue 44; 100 ms in issue 34). On a busy machine the latencies also count the neighbours'
work: the line says the load average and nproc.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

TARGET_CPU_RATIO = 2.0
TARGET_TABLE_PICTURE_MS = 50.0


@dataclass(frozen=True)
class Summary:
    """One run's headline figures."""

    moves_per_s: float
    p99_ms: float
    cpu_ms: float  # CPU per move, whole process
    table_p99_ms: float  # the table picture's delay after the move (0 without pictures)


def verdict(ok: bool) -> str:
    return "ok" if ok else "ABOVE"


def compare(runs: dict[tuple[str, str], Summary], offered: float, target_p99: float) -> None:
    """Print pictures on against off for each run name that has both ("paced", "saturation")."""
    load = os.getloadavg()
    print(
        f"\npictures on against off (nproc {os.cpu_count()}, load average now "
        f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f}):"
    )
    for name in ("paced", "saturation"):
        off, on = runs.get(("off", name)), runs.get(("on", name))
        if off is None or on is None:
            continue
        ratio = on.cpu_ms / max(off.cpu_ms, 1e-9)
        print(
            f"  {name}: CPU per move off {off.cpu_ms:.2f} ms, on {on.cpu_ms:.2f} ms = "
            f"{ratio:.1f}x (target <= {TARGET_CPU_RATIO:g}x: {verdict(ratio <= TARGET_CPU_RATIO)})"
        )
        if name == "paced":
            print(
                f"  paced with pictures: served {on.moves_per_s:.0f} moves/s of ~{offered:.0f} "
                f"offered (off: {off.moves_per_s:.0f}); p99 {on.p99_ms:.1f} ms "
                f"(target <= {target_p99:g} ms: {verdict(on.p99_ms <= target_p99)}); "
                f"table picture p99 {on.table_p99_ms:.0f} ms after the move (target <= "
                f"{TARGET_TABLE_PICTURE_MS:g} ms: "
                f"{verdict(on.table_p99_ms <= TARGET_TABLE_PICTURE_MS)})"
            )
        else:
            print(
                f"  capacity: off {off.moves_per_s:.0f} moves/s, on {on.moves_per_s:.0f} "
                "moves/s per process"
            )
