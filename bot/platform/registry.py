"""The one registry of games on the platform: each game's `TableRules` and its presentation,
registered by the game's own package (`bot/games/<game>/__init__.py` calls `register`), and
the handlers their components call, bound per client.

The platform names no game: `discover` imports every package under `bot.games` by name, and
each registers itself. This module is on the rules side (no discord): a presentation is kept
here as an opaque object, typed by `bot.platform.presentation.presentation`.

Components (DynamicItems) are built by discord.py from a custom_id alone, so they cannot be
handed their controller; they ask `handler(interaction.client, game)`, which the game's cog
bound at load. Nothing is stored on the client object.
"""

from __future__ import annotations

import importlib
import pkgutil
import weakref
from typing import Any

from bot.platform.rules import TableRules

GAMES_PACKAGE = "bot.games"
_RULES: dict[str, TableRules] = {}
_PRESENTATIONS: dict[str, object] = {}
_DISCOVERED: list[bool] = []  # not empty once every game package was imported
_HANDLERS: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def register(rules: TableRules, presentation: object) -> None:
    """Called by a game's package at import: its rules of the table and its presentation."""
    name = rules.game.name
    _RULES[name] = rules
    _PRESENTATIONS[name] = presentation


def discover() -> None:
    """Import every game package under `bot.games` once (each registers itself). Once, not
    "while none is registered": importing one game's module first (a test's, a tool's)
    registers that game alone, and the others must still be found."""
    if _DISCOVERED:
        return
    package = importlib.import_module(GAMES_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__, f"{GAMES_PACKAGE}."):
        if info.ispkg:
            importlib.import_module(info.name)
    _DISCOVERED.append(True)


def all_rules() -> dict[str, TableRules]:
    """Every registered game's rules of the table by game name."""
    discover()
    return dict(_RULES)


def table_rules(name: str) -> TableRules:
    """The rules of the table of game `name`; KeyError names the known games."""
    discover()
    found = _RULES.get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; known: {', '.join(sorted(_RULES))}")
    return found


def presentation_of(name: str) -> object:
    """Game `name`'s presentation, untyped (`bot.platform.presentation.presentation` types it)."""
    table_rules(name)
    return _PRESENTATIONS[name]


def all_presentations() -> dict[str, object]:
    discover()
    return dict(_PRESENTATIONS)


def bind(client: Any, game: str, handler: Any) -> None:
    """The object `game`'s components call on this client (its cog's controller)."""
    _HANDLERS.setdefault(client, {})[game] = handler


def handler(client: Any, game: str) -> Any:
    """What `bind` set for this client and game; LookupError if the game's cog is not loaded."""
    try:
        return _HANDLERS[client][game]
    except KeyError:
        raise LookupError(f"no handler for {game!r} on this client") from None
