"""`bench service`: the table pictures' drawing started as the bot starts it, and its CPU.

With PICTURE_WORKERS=process the table pictures are drawn in a worker process, whose CPU time
`time.process_time()` of the bot's process does not see: the CPU per move adds the worker's,
so pictures on against off compares all the work a move costs, wherever it runs.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a run starts: `bench --help` needs no discord
    from bot.ui.pictures import Workers


class DrawingCpu:
    """The drawing as the bot starts it (`workers`: process or thread; None: no pictures)."""

    def __init__(self, workers: Workers | None) -> None:
        self.workers = workers

    def __bool__(self) -> bool:
        return self.workers == "process"

    async def start(self) -> None:
        """Start and warm it; returns once warm (the warming is not what a move costs)."""
        if self.workers is None:
            return
        from bot.ui import pictures

        await asyncio.wrap_future(pictures.start(self.workers))
        if self:
            await asyncio.to_thread(pictures.WORKER.wait_ready)

    def seconds(self) -> float:
        """CPU seconds the drawing worker process has used (0 without one)."""
        from bot.ui import pictures

        return pictures.WORKER.cpu_seconds() if self else 0.0

    async def stop(self) -> None:
        if self.workers is not None:
            from bot.ui import pictures

            await pictures.stop()
