"""`python -m bot play --web`: the live table on this machine, you against AI opponents.

A temporary SQLite game (gone when the server stops) hosted by the same service as the bot:
a lobby with you and the AI seats, started at once; the AI seats move through the service's
AI autoplay (`driver.py`). The page is served on 127.0.0.1 only; the URL is printed and
opened in the browser unless `--no-browser`. Ctrl-C (or SIGTERM) stops it cleanly: status 0.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import sys
import tempfile
import webbrowser
from pathlib import Path

from aiohttp import web

from bot.i18n import _, current_locale
from bot.service import GameError, GameService
from bot.web.announce import Announcer
from bot.web.app import LiveTable, LocalSeating, make_app
from bot.web.driver import AiDriver
from engine.api import game as engine_game
from storage import Storage

HUMAN = 1
"""The local player's user id (their player id is "1")."""
CHANNEL = 1
ROUND_PAUSE = 20.0
"""Seconds a finished round stays on show before the next starts (or press Next round)."""
AI_DELAY = 0.8
"""Seconds before an AI seat moves, so the page can follow."""
HOST = "127.0.0.1"


def serve(args: argparse.Namespace, variant: str) -> int:
    """Serve until stopped; a game that cannot start or a port in use: one line, status 2."""
    try:
        return asyncio.run(_serve(args, variant))
    except _Refused as refused:
        print(_("play: {problem}", problem=refused), file=sys.stderr)
        return 2


class _Refused(Exception):
    """The options make no game, or the port cannot be had (said in one line)."""


async def _start(service: GameService, args: argparse.Namespace, variant: str) -> int:
    """The game: a lobby with the human and the AI seats, started; its id."""
    rules = engine_game(args.game)
    seats = rules.variants.get(variant)
    if seats is not None and not seats.min_players <= args.players <= seats.max_players:
        raise _Refused(
            _(
                "--players {players} is not possible; {title} takes {least} to {most}"
                " players, you included.",
                players=args.players,
                title=seats.title,
                least=seats.min_players,
                most=seats.max_players,
            )
        )
    try:
        await service.new_lobby(CHANNEL, CHANNEL, HUMAN, args.name, args.game, variant, {}, 0)
        for _seat in range(args.players - 1):
            await service.add_bot(CHANNEL, HUMAN, args.ai, kind=args.game)
        game = await service.start(CHANNEL, HUMAN, kind=args.game)
    except GameError as error:
        raise _Refused(error.for_game(rules.title, "play")) from None
    return game.id


async def _serve(args: argparse.Namespace, variant: str) -> int:
    with tempfile.TemporaryDirectory(prefix="tabletop-web-") as folder:
        storage = await Storage.open(Path(folder) / "game.db")
        try:
            return await _run(storage, args, variant)
        finally:
            await storage.close()


async def _run(storage: Storage, args: argparse.Namespace, variant: str) -> int:
    service = GameService(storage)
    service.pause_seconds = ROUND_PAUSE
    if args.seed is not None:
        service.seed_source = random.Random(args.seed)
    game_id = await _start(service, args, variant)
    announcer = Announcer()
    driver = AiDriver(service, announcer, AI_DELAY, random.Random(args.seed))
    table = LiveTable(service, announcer, LocalSeating(game_id, str(HUMAN)), current_locale())
    runner = web.AppRunner(make_app(table), handle_signals=False)
    await runner.setup()
    try:
        try:
            await web.TCPSite(runner, HOST, args.port).start()
        except OSError as error:
            raise _Refused(
                _("cannot serve on port {port}: {error}", port=args.port, error=_why(error))
            ) from None
        port = runner.addresses[0][1]
        url = f"http://{HOST}:{port}/"
        print(_("The live table is at {url} — Ctrl-C stops it.", url=url), flush=True)
        await driver.follow(game_id)  # an AI seat may begin
        if not args.no_browser:
            await asyncio.to_thread(webbrowser.open, url)
        await _stopped()
    finally:
        await driver.close()
        await runner.cleanup()
    print(_("Stopped; the game was not kept."), flush=True)
    return 0


def _why(error: OSError) -> str:
    """The system's words for a failed bind ("Address already in use")."""
    return os.strerror(error.errno) if error.errno else str(error)


async def _stopped() -> None:
    """Until Ctrl-C or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
