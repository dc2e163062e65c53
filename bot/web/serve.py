"""Running the live table as a Discord Activity: inside the bot's process (SQLite) or as a
process of its own, `python -m bot web`, beside the shard processes (PostgreSQL).

Either way the web app signs its viewers in through Discord (bot/web/auth.py) and every commit
of the service is announced (bot/web/announce.py); on PostgreSQL the announcements also go
between processes (bot/web/bridge.py), so a click in Discord reaches a page another process
serves and a move on the page reaches the shard that shows the table.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web

from bot.runtime.config import ConfigError, Settings
from bot.service import GameService
from bot.web.announce import Announcer, Change, announce_commits
from bot.web.app import DiscordSeating, LiveTable, make_app
from bot.web.auth import DiscordApp, DiscordSignIn, Sessions
from bot.web.bridge import Bridge
from storage import Storage

log = logging.getLogger(__name__)


def discord_app(settings: Settings) -> DiscordApp:
    """The application's credentials from the settings (ACTIVITY=on checked them)."""
    assert settings.discord_client_id is not None and settings.discord_client_secret
    assert settings.discord_token is not None
    return DiscordApp(
        settings.discord_client_id,
        settings.discord_client_secret.get_secret_value(),
        settings.discord_token.get_secret_value(),
        settings.discord_api_base,
    )


@dataclass
class Served:
    """A running live table: close it to stop serving (sockets closed, news connection shut)."""

    runner: web.AppRunner
    announcer: Announcer
    bridge: Bridge | None
    port: int

    async def close(self) -> None:
        await self.runner.cleanup()
        await self.announcer.settled()
        if self.bridge is not None:
            await self.bridge.close()


async def serve_live_table(
    settings: Settings, storage: Storage, service: GameService, lang: str = "en"
) -> Served:
    """Serve the Activity's web app on WEB_HOST:WEB_PORT; on PostgreSQL the page's moves are
    NOTIFYed and the others' heard. Its own moves the page announces itself (one NOTIFY per
    move): the commit hook is for a process that also commits Discord's (`live_in_bot`)."""
    announcer = Announcer()
    bridge = None
    if settings.database_url is not None:
        from storage.postgres.notify import GameNews

        news = await GameNews.open(settings.database_url.get_secret_value())
        bridge = Bridge(announcer, news)
    assert settings.web_session_secret is not None
    seating = DiscordSeating(
        Sessions(settings.web_session_secret.get_secret_value()),
        DiscordSignIn(discord_app(settings)),
        storage,
    )
    table = LiveTable(service, announcer, seating, lang)
    runner = web.AppRunner(make_app(table), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, settings.web_host, settings.web_port)
    try:
        await site.start()
    except OSError as error:
        await runner.cleanup()
        if bridge is not None:
            await bridge.close()
        raise ConfigError(
            f"Invalid setting: WEB_HOST/WEB_PORT cannot be used: {settings.web_host}:"
            f"{settings.web_port} ({error.strerror or error})"
        ) from None
    port = runner.addresses[0][1] if runner.addresses else settings.web_port
    log.info(
        "live table on http://%s:%s (public: %s)", settings.web_host, port, settings.public_url
    )
    return Served(runner, announcer, bridge, port)


async def web_process(settings: Settings) -> None:
    """`python -m bot web`: serve until SIGTERM or SIGINT, then stop cleanly."""
    from storage import open_storage

    assert settings.database_url is not None
    storage = await open_storage(
        settings.database_url.get_secret_value(),
        settings.database_path,
        sync=settings.database_sync,
    )
    try:
        service = GameService(storage)
        served = await serve_live_table(settings, storage, service)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(number, stop.set)
        print(f"live table: serving on {settings.web_host}:{served.port}", flush=True)
        await stop.wait()
        log.info("stopping the live table")
        await served.close()
    finally:
        await storage.close()


@dataclass
class Announcing:
    """A shard process on PostgreSQL: its commits NOTIFYed, no page served here."""

    announcer: Announcer
    bridge: Bridge

    async def close(self) -> None:
        await self.announcer.settled()
        await self.bridge.close()


async def live_in_bot(
    settings: Settings, storage: Storage, service: GameService
) -> Served | Announcing:
    """The bot's share of the live table (ACTIVITY=on): on SQLite it serves the page itself
    (no other process can share the file); on PostgreSQL it announces its commits to the
    `python -m bot web` processes."""
    if settings.database_url is None:
        served = await serve_live_table(settings, storage, service)
        announce_commits(service, served.announcer, followed=True)
        return served
    from storage.postgres.notify import GameNews

    announcer = Announcer()
    announce_commits(service, announcer, followed=True)
    news = await GameNews.open(settings.database_url.get_secret_value())
    return Announcing(announcer, Bridge(announcer, news))


def follow_page_moves(announcer: Announcer, changed: Callable[[Change], Awaitable[None]]) -> None:
    """The bot follows the live table's moves as its own: a page's move in this process (it
    carries its outcome), a page's round break ended or rematch started here, and any other
    process's news that no bot has followed yet. Its own commits, and another shard's
    (`followed`: that shard shows them), are not followed twice."""

    async def listen(change: Change) -> None:
        if change.moved_to is None and not change.followed:
            await changed(change)

    announcer.subscribe(listen)
