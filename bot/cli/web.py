"""`python -m bot web`: the live table (a Discord Activity) as a process of its own, beside
the shard processes on one PostgreSQL database (README "The live table (Discord Activity)").

Needs ACTIVITY=on with its settings, DISCORD_TOKEN (to ask Discord about an Activity's
instance) and DATABASE_URL; a missing or bad one is one line and status 2, before anything
is served. SIGTERM or SIGINT stops it cleanly (sockets closed, status 0).
"""

from __future__ import annotations

import argparse

from bot.runtime.config import ConfigError, Settings, load_settings

NOT_ON = (
    "The live table is off: set ACTIVITY=on with DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, "
    'PUBLIC_URL and WEB_SESSION_SECRET (README "The live table (Discord Activity)").'
)
NO_TOKEN = (
    "No Discord token is set: the live table asks Discord about Activities with DISCORD_TOKEN."
)
NO_POSTGRES = (
    "`python -m bot web` shares the games through PostgreSQL: set DATABASE_URL. On the SQLite "
    "file the bot serves the live table itself when ACTIVITY=on."
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `web` to the CLI."""
    parser = subparsers.add_parser(
        "web",
        help="serve the live table (Discord Activity) beside shard processes on PostgreSQL",
        description=__doc__,
    )
    parser.set_defaults(func=handle)


def checked(settings: Settings) -> Settings:
    """The settings a web process needs, or ConfigError saying which is missing."""
    if not settings.activity:
        raise ConfigError(NOT_ON)
    if settings.discord_token is None:
        raise ConfigError(NO_TOKEN)
    if settings.database_url is None:
        raise ConfigError(NO_POSTGRES)
    return settings


def handle(args: argparse.Namespace) -> int:
    """Serve until stopped; 0 after a clean stop."""
    import asyncio
    import logging

    from bot.web.serve import web_process
    from storage import StorageError

    settings = checked(load_settings())
    logging.basicConfig(level=settings.log_level_number)
    try:
        asyncio.run(web_process(settings))
    except StorageError as error:
        raise ConfigError(f"Invalid setting: DATABASE_URL cannot be used: {error}") from None
    return 0
