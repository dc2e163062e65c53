"""Measuring aids for `bench service`: save timing per task and CPython GC pauses."""

from __future__ import annotations

import asyncio
import gc
import time


class GcPauses:
    """Wall time of each garbage collection by generation (gc.callbacks), while attached."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._started = 0.0

    def __enter__(self) -> GcPauses:
        gc.callbacks.append(self._callback)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses[info["generation"]].append(time.perf_counter() - self._started)

    def line(self) -> str:
        parts = [
            f"gen{g} {len(p)}x max {max(p, default=0) * 1000:.1f} ms"
            for g, p in self.pauses.items()
        ]
        return "  event loop stalls, CPython GC: " + ", ".join(parts)


class TimedStorage:
    """Delegates to the real Storage and times save_move, to split commit from service work."""

    def __init__(self, storage: object) -> None:
        self._storage = storage
        self.last: dict[object, float] = {}  # task -> its latest save time

    def __getattr__(self, name: str) -> object:
        return getattr(self._storage, name)

    async def save_move(self, *args: object, **kwargs: object) -> int:
        start = time.perf_counter()
        try:
            version: int = await self._storage.save_move(*args, **kwargs)  # type: ignore[attr-defined]
        finally:
            self.last[asyncio.current_task()] = time.perf_counter() - start
        return version
