"""The `commands` catalogue's messages, read from the bot's real command tree.

Slash command names and texts are not written in `_` calls (discord.py reads them from the
decorators), so `python -m bot i18n extract` gets them here: a bot is built with throwaway
settings, every game's cog and every extension in `cogs/` is loaded as `setup_hook` loads them,
and the tree is walked (groups, subcommands, options, choices). Any command added later is in
the catalogue without a change here. Each message's context says its kind (bot/i18n/translator.py).
"""

from __future__ import annotations

import asyncio
import inspect
import pkgutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from discord import app_commands
from discord.ext import commands

from bot.i18n.translator import (
    CHOICE_NAME,
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    OPTION_DESCRIPTION,
    OPTION_NAME,
)

ROOT = Path(__file__).resolve().parents[2]
Command = app_commands.Command[Any, ..., Any] | app_commands.Group


async def loaded_tree() -> commands.Bot:
    """A bot (never connected) with every command group the running bot has."""
    from bot.platform.presentation import presentations
    from bot.runtime.client import create_bot
    from bot.runtime.config import Settings

    with tempfile.TemporaryDirectory() as folder:
        bot = create_bot(Settings(database_path=Path(folder) / "commands.db"))
    extensions = [game.cog for game in presentations().values()]
    extensions += [info.name for info in pkgutil.iter_modules([str(ROOT / "cogs")], "cogs.")]
    for extension in dict.fromkeys(extensions):
        try:
            await bot.load_extension(extension)
        except (commands.NoEntryPointError, commands.ExtensionAlreadyLoaded):
            continue  # a helper module of the cogs, not an extension
    return bot


def command_tree() -> commands.Bot:
    """`loaded_tree` run to the end, also from inside a running event loop (a test's)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(loaded_tree())
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, loaded_tree()).result()


def _where(command: Command) -> list[tuple[str, int]]:
    """The file and line that declares `command` (for translators reading the catalogue)."""
    function = getattr(command, "callback", None)
    if function is None:  # a group: declared by its class
        return []
    try:
        path = Path(inspect.getsourcefile(function) or "")
        line = inspect.getsourcelines(function)[1]
        return [(path.relative_to(ROOT).as_posix(), line)]
    except (TypeError, OSError, ValueError):
        return []


def strings(command: Command) -> Iterator[tuple[str, str, str, list[tuple[str, int]]]]:
    """(English, context, where it is shown, locations) for `command` and all below it."""
    path = f"/{command.qualified_name}"
    where = _where(command)
    yield command.name, COMMAND_NAME, path, where
    yield command.description, COMMAND_DESCRIPTION, path, where
    if isinstance(command, app_commands.Group):
        for sub in command.commands:
            yield from strings(sub)
        return
    for option in command.parameters:
        shown = f"{path} {option.display_name}"
        yield option.display_name, OPTION_NAME, shown, where
        yield option.description, OPTION_DESCRIPTION, shown, where
        for choice in option.choices:
            yield choice.name, CHOICE_NAME, shown, where


def messages() -> list[dict[str, Any]]:
    """`Catalog.add` keyword dicts for every string of every slash command (EXTRACTORS)."""
    out = []
    for command in command_tree().tree.get_commands():
        if isinstance(command, app_commands.Command | app_commands.Group):
            for english, context, shown, where in strings(command):
                out.append(
                    {
                        "id": english,
                        "context": context,
                        "auto_comments": [shown],
                        "locations": where,
                    }
                )
    return out
