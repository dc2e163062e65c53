"""A clean stop on SIGTERM (`docker stop`) or SIGINT (Ctrl-C), well inside Docker's 10 s.

Once a stop signal arrives no new click is taken: every interaction is answered with a short
private "restarting" line instead of reaching a game. Clicks already being handled (their
tasks were noted as they arrived) get up to `DRAIN_SECONDS` to commit their move; then the
bot closes its Discord connection and its storage (which finishes queued saves and, on
SQLite, checkpoints the WAL), and the process ends with status 0.

The gate sits on the one gateway parser every interaction passes through (slash commands,
buttons, menus and modals alike), so no cog or controller needs to know about stopping.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from discord.state import ConnectionState
    from discord.types.interactions import Interaction as InteractionData

    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
# Docker kills the process 10 s after `docker stop`: clicks in flight get DRAIN_SECONDS to
# finish, and discord.py, once closed, LINGER_SECONDS to return before it is cancelled.
DRAIN_SECONDS = 5.0
LINGER_SECONDS = 2.0
RESTARTING = "The bot is restarting: try again in a moment."
INTERACTION_EVENT = "INTERACTION_CREATE"
AUTOCOMPLETE = 4  # an interaction type that cannot be answered with a message


class CleanStop:
    """Refuses new interactions once stopping, waits for those in flight, then closes."""

    def __init__(self, bot: GameBot, drain_seconds: float = DRAIN_SECONDS) -> None:
        self.bot = bot
        self.drain_seconds = drain_seconds
        self.stopping = False
        self._in_flight: set[asyncio.Task[Any]] = set()
        self._task: asyncio.Task[None] | None = None
        self.stopped = asyncio.Event()  # set once a begun stop has closed everything

    def guard(self, state: ConnectionState[Any]) -> None:
        """Put the gate in front of `state`'s (discord.py ConnectionState) interaction parser."""
        parse: Callable[[InteractionData], None] = state.parsers[INTERACTION_EVENT]

        def gate(data: InteractionData) -> None:
            self._admit(parse, state, data)

        state.parsers[INTERACTION_EVENT] = gate

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        """SIGTERM and SIGINT begin the clean stop (instead of killing the process)."""
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self.begin)

    def uninstall(self, loop: asyncio.AbstractEventLoop) -> None:
        for number in STOP_SIGNALS:
            loop.remove_signal_handler(number)

    def begin(self) -> None:
        """Start stopping (once; a second signal changes nothing)."""
        if self._task is not None:
            return
        log.info("stop signal: refusing new clicks, finishing %d in flight", len(self._in_flight))
        self.stopping = True
        self._task = asyncio.get_running_loop().create_task(self._stop())

    async def finished(self) -> None:
        """Wait until a begun stop has closed everything (at once if none began)."""
        if self._task is not None:
            await asyncio.shield(self._task)

    async def _stop(self) -> None:
        pending = {task for task in self._in_flight if not task.done()}
        try:
            if pending:
                _, late = await asyncio.wait(pending, timeout=self.drain_seconds)
                if late:
                    log.warning("stopping with %d clicks still unfinished", len(late))
            await self.bot.close()
            log.info("stopped cleanly")
        finally:
            self.stopped.set()

    def _admit(
        self,
        parse: Callable[[InteractionData], None],
        state: ConnectionState[Any],
        data: InteractionData,
    ) -> None:
        """Hand the interaction on, noting the tasks it starts; or refuse it when stopping."""
        if self.stopping:
            if data.get("type") != AUTOCOMPLETE:
                self._note(asyncio.get_running_loop().create_task(self._refuse(state, data)))
            return
        before = asyncio.all_tasks()
        parse(data)
        for task in asyncio.all_tasks() - before:
            self._note(task)

    def _note(self, task: asyncio.Task[Any]) -> None:
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)

    async def _refuse(self, state: ConnectionState[Any], data: InteractionData) -> None:
        interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=state)
        try:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
        except discord.HTTPException as exc:
            log.info("could not tell a user the bot is restarting: %s", exc)


async def serve(stopper: CleanStop, run: Callable[[], Awaitable[None]]) -> None:
    """Await `run()` (log in and serve until closed) with the stop signals handled, and return
    only once a begun stop has finished: the storage is closed when this returns.

    Once stopping, whatever `run()` raises is the closing's doing (a login cut short: "Connector
    is closed"), not a failure; and a `run()` still going `LINGER_SECONDS` after the stop
    finished (discord.py waiting out a reconnect backoff) is cancelled, so the process ends
    inside Docker's 10 s."""
    loop = asyncio.get_running_loop()
    stopper.install(loop)
    serving = asyncio.ensure_future(run())
    stopped = asyncio.ensure_future(stopper.stopped.wait())
    try:
        await asyncio.wait({serving, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if not serving.done():
            await asyncio.wait({serving}, timeout=LINGER_SECONDS)
            serving.cancel()
        await asyncio.gather(serving, return_exceptions=stopper.stopping)
        await stopper.finished()
    finally:
        stopped.cancel()
        stopper.uninstall(loop)
