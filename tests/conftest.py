"""Shared test setup: no test ever sees a real Discord token or the developer's settings."""

from __future__ import annotations

import asyncio
import compileall
import concurrent.futures
import gc
import itertools
import os
import sys
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
import pytest_asyncio
import simcord
import simcord.actors
import simcord.builders

from bot.ui import lru
from engine.loveletter import flyweights
from engine.loveletter.legal import memo_budget, set_memo_budget
from tests.simcord_reads import built_once, forget_built

SETTING_NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "TURN_TIMER_SECONDS",
    "AI_TURN_DELAY_SECONDS",
    "ROUND_PAUSE_SECONDS",
    "DATABASE_SYNC",
    "DATABASE_URL",
    "SHARD_COUNT",
    "SHARD_IDS",
    "HEARTBEAT_PATH",
    "GC_YOUNG_MS",
)


PROJECT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPILED = ("bot", "cogs", "engine", "storage", "tests")


def pytest_configure(config: pytest.Config) -> None:
    """In the run's first process (xdist's controller, or the only one): the project's sources
    compiled once, and bytecode written from now on, whatever PYTHONDONTWRITEBYTECODE says
    (some images set it). The workers and the hundreds of `python -m bot` and bot processes
    the tests start then read compiled modules instead of compiling the same sources again
    each time: a bot process's imports took 1.4 s of CPU uncompiled against 0.95 s compiled
    on 2 cores; test_sole_owner, test_health and test_heartbeat_path 57.6 against 49.1 s.
    A clone that cannot be written to stays as it is (nothing compiled, nothing fails); the
    caches are in .gitignore."""
    if hasattr(config, "workerinput"):
        return
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.dont_write_bytecode = False
    for folder in COMPILED:
        compileall.compile_dir(os.path.join(PROJECT, folder), quiet=2)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (the README's test command): two pytest-xdist workers per usable core. Much
    of the suite waits (for a child `python -m bot`, a PostgreSQL server, a lease to run out)
    rather than computes, so a second worker per core fills that time: measured on 2 cores,
    4 workers finished a wait-heavy part of the suite in 82 s where 2 took 196 s, and a
    CPU-bound part in 97 s where 2 took 122 s (6 were slower again)."""
    return 2 * len(os.sched_getaffinity(0))


@pytest.fixture(autouse=True)
def _no_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Remove the bot's settings from the environment so tests start from the defaults; all
    but one: GC_YOUNG_MS is 0 (CPython's own collection triggers), for every bot a test makes
    and every `python -m bot` it starts with this environment (a child given an environment
    of its own, as test_clean_stop's, paces on its real clock: harmless). A paced bot collects
    from a periodic task on its loop, and SimCord's virtual clock runs every timer of the loop
    when a test advances time (bot/runtime/gc_pacing.py); the pacer's own tests set it."""
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("GC_YOUNG_MS", "0")


@pytest.fixture(autouse=True)
def _process_tuning_restored() -> Iterator[None]:
    """The bot's start-up tuning (bot/runtime/gc_tuning.py: memo budget, thresholds, switch
    interval) is process-wide; undo it after each test so no test runs under another test's
    settings. Its `gc.freeze` is kept (`_Frozen`)."""
    budget, shared = memo_budget(), flyweights.limit()
    thresholds, interval = gc.get_threshold(), sys.getswitchinterval()
    pictures = lru.configured()  # PICTURE_CACHE_MB, as the bot's setup gives it
    yield
    if lru.configured() != pictures and pictures is None:
        lru.unconfigure()
    elif lru.configured() != pictures and pictures is not None:
        lru.configure(pictures)
    gc.set_threshold(*thresholds)
    sys.setswitchinterval(interval)
    if (memo_budget(), flyweights.limit()) != (budget, shared):
        set_memo_budget(budget, shared)
    _frozen.kept()


class _Frozen:
    """What this process has frozen out of the collector's walks (`gc.freeze`) stays frozen from
    test to test. Every bot a test starts collects before it freezes (bot/runtime/gc_tuning.py),
    and that collection walks every object not frozen: unfrozen after each test, that was all
    this process's modules and earlier tests' survivors, about 125k objects and 0.1 s of CPU a
    start (256 starts in `tests/cogs -n 2`: 23.5 s of its workers' 212 s). Kept frozen, a start
    walks only what was made since. Frozen garbage (a finished test's bot and SimCord world) is
    not collected, so once the allocated blocks have grown by `GROWTH` times those left by the
    last full collection, all is unfrozen and collected once and the survivors frozen again: a
    worker's memory stays bounded. (An object is the same frozen or not; only the collector's
    walks differ. A test of the collector freezes and collects itself; one that unfreezes
    all leaves the next start one whole walk.)"""

    GROWTH = 1.5

    def __init__(self) -> None:
        self.blocks = 0  # sys.getallocatedblocks() after the last full collection; none yet

    def kept(self) -> None:
        if sys.getallocatedblocks() <= self.blocks * self.GROWTH:
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.blocks = sys.getallocatedblocks()


_frozen = _Frozen()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A real PostgreSQL server for the whole session (storage/postgres/tempserver.py), on a
    Unix socket in a temporary folder. Missing server binaries FAIL the tests that need it."""
    from storage.postgres.tempserver import ServerMissing, TempServer

    try:
        server = TempServer(durable=False)
    except ServerMissing as missing:
        pytest.fail(str(missing), pytrace=False)
    server.start()
    yield server
    server.stop()


_databases = itertools.count(1)


def _on_own_loop(coro: Any) -> Any:
    """Run `coro` to the end on a fresh loop in another thread (a fixture may be set up while
    the test's loop is running)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


@pytest.fixture
def pg_url(pg_server: Any) -> Iterator[str]:
    """The URL of a new, empty database on the session's server (dropped afterwards)."""
    from storage.postgres.tempserver import create_database, drop_database

    name = f"test_{next(_databases)}"
    _on_own_loop(create_database(pg_server.url(), name))
    yield pg_server.url(name)
    _on_own_loop(drop_database(pg_server.url(), name))


SETTLE_SECONDS = float(os.environ.get("SIMCORD_SETTLE_SECONDS", "60"))
"""How long (real seconds) a SimCord action may wait for the bot's runnable work before the
test fails as hung. SimCord's default, 5 s, is a guess an idle machine meets and a busy one
does not (a table picture drawn in a thread at load 3); a test that passes takes no longer
for a larger bound, only a hang does."""


@pytest_asyncio.fixture
async def simcord_env(
    simcord_bot: Any, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[simcord.Env]:
    """SimCord's own fixture (simcord.pytest_plugin, with the same `simcord` marker options),
    made independent of how busy the machine is:

    - actions settle within `SETTLE_SECONDS`, not 5 s;
    - the bot's timed waits (`GameBot.wait`: AI turn delays, the sleep until a turn deadline
      or the end of a round break, the heartbeat) end only by `env.advance_time`. SimCord
      gives a sleep a wall-clock fallback, which fires once as much real time has passed and
      moves the virtual clock: on a slow machine, between two clicks of a long test, a round
      break then ended or an AI moved by itself (issue 41)."""
    from bot.runtime.client import GameBot

    marker = request.node.get_closest_marker("simcord")
    env = simcord.Env(
        simcord_bot, **{"settle_timeout": SETTLE_SECONDS, **(marker.kwargs if marker else {})}
    )

    async def on_the_virtual_clock(bot: GameBot, seconds: float) -> None:
        await env.external_wait(asyncio.sleep(seconds), reason="a timed wait of the bot")

    monkeypatch.setattr(GameBot, "wait", on_the_virtual_clock)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        if env.check_errors:
            env._raise_errors_since(env._errors_acknowledged)  # as SimCord's fixture does


@pytest.fixture(autouse=True)
def _messages_built_once(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test reads SimCord's messages through `built_once` (tests/simcord_reads.py), and
    the messages it built are let go of once the test is done."""
    for module in (simcord.builders, simcord.actors):
        monkeypatch.setattr(module, "to_discord_message", built_once)
    yield
    forget_built()


SETTLE_POLL_SECONDS = 0.005
_settle_internal = simcord.Env._settle_internal


async def _settle_polling_often(
    self: simcord.Env, *, idle: float = SETTLE_POLL_SECONDS, **kwargs: Any
) -> None:
    """SimCord's settle, looking again every 5 ms rather than every 50 ms while the bot's
    work is not yet parked. Each look that finds work still running waits out the whole
    interval, even when the work ends a millisecond later; an Adventure game through the UI
    waited 18 of its 27 s so. How long a settle may take in all (`SETTLE_SECONDS`) is
    unchanged."""
    await _settle_internal(self, idle=idle, **kwargs)


@pytest.fixture(autouse=True)
def _settle_polls_often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simcord.Env, "_settle_internal", _settle_polling_often)


@pytest.fixture
def nim() -> Iterator[str]:
    """Nim, the test-only game (tests/games/nim), registered for this test alone: the engine
    registry and the platform's, from the tests; no platform file names it."""
    from tests.games.nim import plug

    plug.install()
    try:
        yield "nim"
    finally:
        plug.uninstall()
