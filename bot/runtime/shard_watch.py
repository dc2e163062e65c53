"""Whether each of this process's shards is connected to Discord, for the log and for
`python -m bot health` (through the heartbeat file, bot/runtime/heartbeat.py).

A shard can stop hearing from Discord without its connection closing (a stalled route, a
gateway that went quiet): no heartbeat ACK, no event, and the process still beats. Every
``CHECK_EVERY`` seconds the watch looks at when each connected shard last received anything;
after ``SILENCE_SECONDS`` of nothing it logs a warning, marks the shard down and closes its
connection, and discord.py reconnects it (resuming the session). A shard is also down from
any other disconnect until discord.py has connected it again (READY or RESUMED). Before its
first connection a shard is "starting", which is not down: its IDENTIFY may wait its turn
(bot/runtime/identify.py). An unsharded bot's one connection is shard 0.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from discord.gateway import DiscordWebSocket

    from bot.runtime.client import GameBot

log = logging.getLogger(__name__)

SILENCE_SECONDS = 60.0  # Discord ACKs a heartbeat every ~41 s at the latest
CHECK_EVERY = 5.0
SILENT = "nothing from Discord (no heartbeat ACK, no event) for {seconds:g} s"
CLOSED = "its connection to Discord closed"


def discord_timeout() -> float:
    """discord.py's own ``heartbeat_timeout``, set later than the watch's limit: a backstop.
    At the same limit discord.py would close the silent connection first (logging it at DEBUG
    only, after up to 30 s waiting for the close), before the watch could say why."""
    return SILENCE_SECONDS + 30.0


@dataclass(slots=True)
class ShardState:
    state: str  # "starting", "up" or "down"
    since: float  # epoch seconds
    why: str = ""


class ShardWatch:
    """The states of one process's shards; `lines()` goes into the heartbeat file."""

    def __init__(self, bot: GameBot, shard_ids: list[int]) -> None:
        self.bot = bot
        now = time.time()
        self.states = {shard: ShardState("starting", now) for shard in shard_ids}
        self._task: asyncio.Task[None] | None = None
        self._warned: set[int] = set()  # down for long: said once per outage
        sharded = isinstance(bot, discord.AutoShardedClient)
        if sharded:
            bot.add_listener(self.up, "on_shard_connect")
            bot.add_listener(self.up, "on_shard_resumed")
            bot.add_listener(self._disconnected, "on_shard_disconnect")
        else:
            bot.add_listener(self._up0, "on_connect")
            bot.add_listener(self._up0, "on_resumed")
            bot.add_listener(self._disconnected0, "on_disconnect")

    def lines(self) -> list[str]:
        """`shard <id> <state> <since> [why]`, one per shard."""
        return [
            f"shard {shard} {s.state} {s.since:.3f} {s.why}".rstrip()
            for shard, s in sorted(self.states.items())
        ]

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._watch())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def up(self, shard_id: int) -> None:
        state = self.states.get(shard_id)
        if state is None or state.state == "up":
            return
        if state.state == "down":
            log.info(
                "shard %d is connected to Discord again (down for %.0f s)",
                shard_id,
                time.time() - state.since,
            )
        self.states[shard_id] = ShardState("up", time.time())
        self._warned.discard(shard_id)
        self._changed()

    def down(self, shard_id: int, why: str, since: float | None = None) -> None:
        """The shard has no working connection now; the first reason of an outage stays."""
        state = self.states.get(shard_id)
        if state is None or state.state == "down" or self.bot.is_closed():
            return
        self.states[shard_id] = ShardState("down", since or time.time(), why)
        self._changed()

    async def _up0(self) -> None:
        await self.up(0)

    async def _disconnected(self, shard_id: int) -> None:
        if self.states.get(shard_id, ShardState("", 0)).state == "up":
            log.info("shard %d: %s; reconnecting", shard_id, CLOSED)
        self.down(shard_id, f"{CLOSED}; reconnecting")

    async def _disconnected0(self) -> None:
        await self._disconnected(0)

    def _changed(self) -> None:
        self.bot.heartbeat.refresh()  # at once: health must not wait for the next beat

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(CHECK_EVERY)
            for shard, state in list(self.states.items()):
                if state.state == "up":
                    self._check_silence(shard)
                elif state.state == "down":
                    self._still_down(shard, state)

    def _still_down(self, shard: int, state: ShardState) -> None:
        """Say once per outage that a shard has been down for longer than a silence."""
        down_for = time.time() - state.since
        if shard in self._warned or down_for <= SILENCE_SECONDS:
            return
        self._warned.add(shard)
        log.warning(
            "shard %d is still not connected to Discord after %.0f s (%s)",
            shard,
            down_for,
            state.why,
        )

    def _check_silence(self, shard: int) -> None:
        ws, last = last_heard(self.bot, shard)
        if ws is None or last is None:
            return
        quiet = time.perf_counter() - last
        if quiet <= SILENCE_SECONDS:
            return
        why = SILENT.format(seconds=SILENCE_SECONDS)
        log.warning("shard %d: %s: reconnecting", shard, why)
        self.down(shard, f"{why}; reconnecting", since=time.time() - quiet)
        self._warned.add(shard)  # said just now
        task = asyncio.get_running_loop().create_task(ws.close(code=4000))
        task.add_done_callback(_ignore_failure)


def last_heard(bot: GameBot, shard: int) -> tuple[DiscordWebSocket | None, float | None]:
    """The shard's gateway connection and when (time.perf_counter) it last received anything
    from Discord, an event or a heartbeat ACK; (None, None) while it has no connection.

    discord.py 2.x has no public accessor: its keep-alive handler notes every message
    received (``_last_recv``, ticked in ``DiscordWebSocket.received_message``) and discord.py
    itself compares it with ``heartbeat_timeout``. Unknown (None): the watch does nothing."""
    try:
        ws = bot._get_websocket(shard_id=shard)
    except (KeyError, AttributeError):
        return None, None
    keep_alive = getattr(ws, "_keep_alive", None)
    last = getattr(keep_alive, "_last_recv", None)
    return ws, last if isinstance(last, float) else None


def _ignore_failure(task: asyncio.Task[Any]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.info("closing a silent shard's connection failed: %s", task.exception())
