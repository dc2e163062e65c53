"""The `run` subcommand: start the Discord bot, or explain what is missing.

Without `DISCORD_TOKEN` the bot cannot log in. Rather than a traceback, the user gets one
line saying how to set a token; in an interactive terminal they are also offered a terminal
game, each registered game with a `play` tool (Love Letter, The Hobbit Adventure Boardgame),
when a `play` subcommand exists. Without
a terminal (Docker, CI) the exit status is 2.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from functools import partial
from typing import TYPE_CHECKING

from bot.runtime.config import ConfigError, Settings, load_settings

if TYPE_CHECKING:  # an import cycle at run time: the client builds this
    from bot.runtime.client import GameBot

NO_TOKEN_MESSAGE = (
    "No Discord token is set: put DISCORD_TOKEN=<your bot token> in .env "
    "or the environment (see README.md)."
)
PLAY_SUBCOMMAND = "play"


def offered_games() -> dict[str, tuple[str, str]]:
    """The answers to the offer of a terminal game ("1", "2", ...): the `play --game` each
    starts and its title, numbered in the registry's order of the games with a terminal game."""
    from bot.platform.registry import entries, with_tool

    found = entries()
    return {
        str(number): (name, found[name].rules.game.title)
        for number, name in enumerate(with_tool(PLAY_SUBCOMMAND), 1)
    }


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `run` to the CLI."""
    parser = subparsers.add_parser(
        "run",
        help="start the Discord bot (the default)",
        description=(
            "Connect to Discord and host tabletop games. Reads its settings from the "
            "environment and .env; DISCORD_TOKEN is required."
        ),
    )
    parser.set_defaults(func=handle)


def handle(args: argparse.Namespace) -> int:
    """Run the bot until it is stopped; return the exit status."""
    settings = load_settings()
    if settings.discord_token is None:
        return _without_token()
    # Before anything opens either file, and before discord.py is imported (a third of a
    # start's CPU): a refused path is one line at once. It logs nothing.
    check_paths(settings)
    import discord

    # Before the probe: it logs where it kept a copy of the database before an upgrade.
    discord.utils.setup_logging(level=settings.log_level_number, root=True)
    check_database_setting(settings)  # before logging in: a bad path is one line, not a crash
    return _run_bot(settings)


def check_paths(settings: Settings) -> None:
    """DATABASE_PATH a name the system can open as a file (not too long, no link loop, no FIFO
    or device), and HEARTBEAT_PATH never the database, a file beside it or a file holding
    anything but a beat (bot/runtime/heartbeat.py); ConfigError naming the setting otherwise."""
    from bot.runtime.heartbeat import UnusableHeartbeat, refuse_unusable
    from storage.paths import UnusablePath, refuse_unusable_path

    sqlite = settings.database_url is None
    if sqlite:
        try:
            refuse_unusable_path(settings.database_path)
        except UnusablePath as error:
            raise ConfigError(f"Invalid setting: DATABASE_PATH cannot be used: {error}") from None
    try:
        refuse_unusable(settings.heartbeat_file, settings.database_path if sqlite else None)
    except UnusableHeartbeat as error:
        unset = ""
        if settings.heartbeat_path is None:
            unset = " (HEARTBEAT_PATH is unset: the heartbeat goes beside DATABASE_PATH)"
        raise ConfigError(
            f"Invalid setting: HEARTBEAT_PATH cannot be used{unset}: {error}"
        ) from None


def check_database_setting(settings: Settings) -> None:
    """Open (creating and migrating, as the bot would) and close DATABASE_URL, or else
    DATABASE_PATH; check that this process's shards are free, and take the SQLite file
    (held until the process ends).

    Raises `ConfigError` naming the setting when the bot could not use it, or saying which
    other live process has the file or a shard.
    """
    import asyncio

    from bot.runtime.shard_lease import ShardInUse, ShardLeases
    from storage import StorageError, open_storage, sole_process
    from storage.sole_process import DatabaseInUse

    url = settings.database_url.get_secret_value() if settings.database_url else None

    async def probe() -> None:
        storage = await open_storage(url, settings.database_path, sync=settings.database_sync)
        leases = ShardLeases(settings)
        try:
            # Free now? Given back at once: setup_hook takes them again after the login, so a
            # login that fails leaves no lease behind to block the next start.
            await leases.take(storage)
            await leases.release(storage)
        finally:
            await storage.close()

    name = "DATABASE_URL" if url else "DATABASE_PATH"
    if not url and settings.old_default_database:  # once per start: the operator may rename it
        import logging

        from bot.runtime.default_database import old_default_note

        logging.getLogger(__name__).info(old_default_note(settings.database_path))
    try:
        if not url:  # for the process's lifetime, first before the probe touches the file
            sole_process.hold(settings.database_path)
        asyncio.run(probe())
        if not url:  # (a new file: now that it exists)
            sole_process.hold(settings.database_path)
    except (DatabaseInUse, ShardInUse) as error:
        raise ConfigError(f"Cannot start: {error}") from None
    except StorageError as error:
        raise ConfigError(f"Invalid setting: {name} cannot be used: {error}") from None


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _without_token() -> int:
    """Explain the missing token; offer the terminal game when there is one and a user."""
    print(NO_TOKEN_MESSAGE, file=sys.stderr)
    if not _interactive():
        return 2
    from bot.cli import SUBCOMMANDS, build_parser

    if PLAY_SUBCOMMAND not in SUBCOMMANDS:
        return 2
    offered = offered_games()
    choices = ", ".join(f"{number} {title}" for number, (_, title) in offered.items())
    try:
        answer = input(
            f"Play a terminal game instead (python -m bot {PLAY_SUBCOMMAND})? {choices},"
            " Enter: no: "
        )
    except EOFError:
        answer = ""
    game, _title = offered.get(answer.strip().casefold(), (None, ""))
    if game is None:
        return 2
    play_args = build_parser(PLAY_SUBCOMMAND).parse_args([PLAY_SUBCOMMAND, "--game", game])
    status: int = play_args.func(play_args)
    return status


def _run_bot(settings: Settings) -> int:
    """Log in with the token and serve until interrupted."""

    import aiohttp
    import discord

    from bot.runtime.client import create_bot
    from bot.runtime.stopping import serve
    from storage import StorageError

    assert settings.discord_token is not None
    client = create_bot(settings)
    token = settings.discord_token.get_secret_value()
    try:
        asyncio.run(serve(client.stopper, partial(_log_in_and_serve, client, token)))
    except StorageError as error:  # another process took the file or a shard meanwhile
        print(f"Cannot start: {error}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print(
            "Login failed: Discord rejected DISCORD_TOKEN; check the token (see README.md).",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "Login failed: Discord refused a privileged intent this bot asked for; see README.md.",
            file=sys.stderr,
        )
        return 2
    except discord.HTTPException as error:
        print(
            f"Login failed: Discord answered {error.status} ({error.text or 'no reason given'}).",
            file=sys.stderr,
        )
        return 2
    except (TimeoutError, OSError, aiohttp.ClientError, discord.GatewayNotFound) as error:
        print(
            f"Login failed: cannot reach Discord ({_reason(error)}); check the network.",
            file=sys.stderr,
        )
        return 2
    return 0


async def _log_in_and_serve(client: GameBot, token: str) -> None:
    """What `client.run` does, on our loop: SIGTERM/SIGINT are handled by stopping.py."""
    async with client:
        await client.start(token)


def _reason(error: BaseException) -> str:
    """The innermost cause in a few words: "Name or service not known", not a traceback."""
    while error.__cause__ is not None:
        error = error.__cause__
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__
