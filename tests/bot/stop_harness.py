"""A real bot process for tests/bot/runtime/test_clean_stop.py: `python tests/bot/stop_harness.py DB
[--stuck | --late]`, DB an SQLite file or a postgresql:// URL.

It serves the real bot (bot.runtime.client.create_bot) through the bot's own serving path,
`bot.runtime.stopping.serve`, which installs the SIGTERM/SIGINT handling `python -m bot` uses; only
Discord is SimCord instead of the network (no token). It opens a two-player game, then makes
a move whose save is held until a stop signal arrives, so the move is in flight when the
test signals; `--stuck` never lets that save go on (a move stuck for good), `--late` lets it go
on only once the bot has closed (a save slower than the stop's drain, as on a loaded machine).
Lines on standard output tell the test where it is:

    picture worker PID       the process drawing the table pictures (PICTURE_WORKERS; no
                             PID with PICTURES=off in the environment, which the harness
                             reads as the bot does)
    in flight GAME VERSION   a move is being handled (the game was at VERSION)
    refused: TEXT            what a click made after the signal was answered (privately)
    served                   `serve` returned: the bot has stopped
"""

from __future__ import annotations

import asyncio
import random
import sys
from functools import partial
from pathlib import Path
from typing import Any

import simcord
from pydantic import SecretStr
from simcord.actors import _component_click

from bot.runtime.client import create_bot
from bot.runtime.config import Settings
from bot.runtime.stopping import serve
from bot.ui import pictures
from tests.cogs.driver import open_game


def say(line: str) -> None:
    print(line, flush=True)


def hold_saves(env: Any, release: asyncio.Event, held: asyncio.Event) -> None:
    """The next move's save waits for `release` (a slow save, as on a busy disk)."""
    service = env.bot.service
    save = service.commit_move

    async def slow_save(*args: Any, **kwargs: Any) -> Any:
        held.set()
        await env.external_wait(release.wait(), reason="held until the stop signal")
        return await save(*args, **kwargs)

    service.commit_move = slow_save


async def on_simcord(bot: Any, mode: str) -> None:
    async with simcord.run(bot) as env:
        game = await open_game(env, "pegasus", 2, seed=5)
        say(f"picture worker {' '.join(map(str, pictures.WORKER.pids()))}")
        release, held = asyncio.Event(), asyncio.Event()
        hold_saves(env, release, held)
        move = asyncio.create_task(game.play_one_move())
        await held.wait()
        say(f"in flight {game.game_id} {await game.version()}")
        while not bot.stopper.stopping:  # until the test's signal arrives
            await asyncio.sleep(0.02)
        other = game.members[1]
        refused = await _component_click(other, game.table(), label="My hand", custom_id=None)
        reply = refused.response
        say(f"refused: {reply.content if reply else None} ephemeral={refused.ephemeral}")
        if mode == "--stuck":
            await bot.stopper.finished()
            move.cancel()
        elif mode == "--late":
            await bot.stopper.finished()
            release.set()
        else:
            release.set()
            await bot.stopper.finished()
        await asyncio.gather(move, return_exceptions=True)


async def main(database: str, mode: str) -> None:
    # GC_YOUNG_MS 0, as every SimCord bot of the tests (tests/conftest.py): SimCord's virtual
    # clock runs every timer of the loop, a paced collector's too (bot/runtime/gc_pacing.py).
    where: dict[str, Any] = (
        {"database_url": SecretStr(database)}
        if database.startswith("postgresql://")
        else {"database_path": Path(database)}
    )
    settings = Settings(**where, ai_turn_delay_seconds=0, gc_young_ms=0)
    if settings.pictures:  # as a bot that has run a while: its worker ready and warm
        pictures.WORKER.wait_ready()
    bot = create_bot(settings)
    bot.seed_source = random.Random(0)  # type: ignore[attr-defined]
    await serve(bot.stopper, partial(on_simcord, bot, mode))  # type: ignore[attr-defined]
    say("served")


if __name__ == "__main__":
    mode = sys.argv[2] if len(sys.argv) > 2 else ""
    if mode not in ("", "--stuck", "--late"):
        raise SystemExit(f"stop_harness.py: unknown mode {mode!r} (--stuck or --late)")
    asyncio.run(main(sys.argv[1], mode))
