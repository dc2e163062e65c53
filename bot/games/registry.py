"""The one registry of games: presentations found by scanning `bot.games`, and the handlers
their components call, bound per client.

Components (DynamicItems) are built by discord.py from a custom_id alone, so they cannot be
handed their controller; they ask `handler(interaction.client, game)`, which the game's cog
bound at load. Nothing is stored on the client object.
"""

from __future__ import annotations

import importlib
import pkgutil
import weakref
from typing import Any

from bot.games.presenter import Presenter

_PRESENTERS: dict[str, Presenter] = {}
_HANDLERS: weakref.WeakKeyDictionary[Any, dict[str, Any]] = weakref.WeakKeyDictionary()


def presenters() -> dict[str, Presenter]:
    """Every game's presenter by game name (found once)."""
    if not _PRESENTERS:
        import bot.games

        for info in pkgutil.iter_modules(bot.games.__path__, "bot.games."):
            if info.ispkg:
                found = getattr(importlib.import_module(info.name), "PRESENTER", None)
                if found is not None:
                    _PRESENTERS[found.game.name] = found
    return dict(_PRESENTERS)


def presenter(name: str) -> Presenter:
    """The presenter of game `name`; KeyError names the known games."""
    found = presenters().get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; known: {', '.join(sorted(presenters()))}")
    return found


def bind(client: Any, game: str, handler: Any) -> None:
    """The object `game`'s components call on this client (its cog's controller)."""
    _HANDLERS.setdefault(client, {})[game] = handler


def handler(client: Any, game: str) -> Any:
    """What `bind` set for this client and game; LookupError if the game's cog is not loaded."""
    try:
        return _HANDLERS[client][game]
    except KeyError:
        raise LookupError(f"no handler for {game!r} on this client") from None
