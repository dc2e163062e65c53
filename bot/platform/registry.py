"""The one registry of games on the platform: each game's `TableRules` and its presentation,
registered by the game's own package (`bot/games/<game>/__init__.py` calls `register`), and
the handlers their components call, bound per client.

The platform names no game: `discover` imports every package under `bot.games` by name, and
each registers itself, saying besides its rules and presentation where it stands in lists of
every game (`rank`), which catalogue its words go to (`Texts`) and which tools it has
(`tools`: the terminal's `play`, `simulate`..., and `warm pictures`, which draws once what
every picture pastes). A game registered from elsewhere (a test's) is found alike.
This module is on the rules side (no discord): a presentation is kept here as an opaque
object, typed by `bot.platform.presentation.presentation`, or as where to import it from
("module:attribute"), imported at its first use: the terminal, `--help` and every other
command that needs only the rules then never imports discord or the pictures.

Components (DynamicItems) are built by discord.py from a custom_id alone, so they cannot be
handed their controller; they ask `handler(interaction.client, game)`, which the game's cog
bound at load. Nothing is stored on the client object.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import threading
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.platform.rules import TableRules

GAMES_PACKAGE = "bot.games"
LAST = 1000
"""The rank of a game that names none: after the games that do, by name."""


@dataclass(frozen=True)
class Texts:
    """Where a game's words are extracted from (`python -m bot i18n extract`): repository-
    relative path prefixes; the first prefix a file starts with names its catalogue."""

    domain: str
    """The catalogue of the game's words (`bot/locale/<lang>/LC_MESSAGES/<domain>.po`)."""
    folders: tuple[str, ...]
    """The prefixes whose `_` calls go to `domain`."""
    parts: tuple[tuple[str, str], ...] = ()
    """(prefix, domain): parts of those folders with a catalogue of their own (the pictures'
    words), tried first."""
    extractors: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Per domain, `module:function`s returning the messages no `_` call holds (names in the
    engine's data), as `babel.messages.catalog.Catalog.add` keyword dicts."""


def folders_of(name: str) -> tuple[str, ...]:
    """Where a game under `bot/games/` keeps its code: its folder, its cog, its engine."""
    return (f"bot/games/{name}/", f"cogs/{name}", f"engine/{name}/")


@dataclass(frozen=True)
class Entry:
    """One registered game: what its package handed `register`."""

    name: str
    registered_rules: TableRules | str
    """The rules of the table, or "module:attribute" until first asked for (`rules`)."""
    presentation: object
    """The presentation, or "module:attribute" until it is first asked for."""
    rank: int
    texts: Texts
    tools: Mapping[str, str]

    @property
    def rules(self) -> TableRules:
        """The rules of the table, imported at the first call if registered by where they are
        (a command that only lists the games, `play --help`, imports no game's rules)."""
        spec = self.registered_rules
        if not isinstance(spec, str):
            return spec
        found: TableRules = _imported(spec, self.name)
        if getattr(getattr(found, "game", None), "name", None) != self.name:
            raise LookupError(f"game {self.name!r}: {spec!r} are not its rules of the table")
        object.__setattr__(self, "registered_rules", found)  # frozen: set once, in place
        return found


_ENTRIES: dict[str, Entry] = {}
_FOUND: list[bool] = []  # non-empty once `bot.games` was scanned
_SCANNING = threading.RLock()  # re-entrant: a game's import may ask the registry again
_HANDLERS: weakref.WeakKeyDictionary[object, weakref.WeakValueDictionary[str, Any]] = (
    weakref.WeakKeyDictionary()
)
"""Per client, each game's handler, both held weakly: a handler (a cog's controller) holds its
client, so a handler held here would keep its client's key alive for good: every bot a process
ever made (each Discord test makes one or more) stayed in memory with its whole world, and
every later garbage collection walked them all."""


def register(
    rules: TableRules | str,
    presentation: object | str,
    *,
    name: str | None = None,
    rank: int = LAST,
    texts: Texts | None = None,
    tools: Mapping[str, str] | None = None,
) -> None:
    """Called by a game's package at import: its rules of the table and its presentation,
    each or both as "module:attribute", imported when first asked for (then `name` is the
    game's name, else the rules' game's); `rank` orders the lists that
    offer every game (the terminal's offer, `--game`), `texts` says where its words are
    (default: its folders under `bot/games`, `cogs`, `engine`, one catalogue named as the
    game), `tools` its entries by tool ("play": "bot.cli.adventure:start"),
    imported only when used."""
    for spec in (rules, presentation, *(tools or {}).values()):
        if isinstance(spec, str) and not _SPEC.fullmatch(spec):
            raise ValueError(f"register: {spec!r} is not where to import from, 'module:attribute'")
    if name is None:
        if isinstance(rules, str):
            raise TypeError(f"register({rules!r}, ...) needs the game's name")
        name = rules.game.name
    words = texts if texts is not None else Texts(name, folders_of(name))
    _ENTRIES[name] = Entry(name, rules, presentation, rank, words, dict(tools or {}))


def unregister(name: str) -> None:
    """Forget game `name` (a test's game, once its tests are done); nothing if unknown."""
    _ENTRIES.pop(name, None)


def discover() -> None:
    """Import every game package under `bot.games` once (each registers itself). Marked done
    only once every package is imported, under a lock: a thread asking meanwhile (the
    picture worker's warm-up) waits instead of finding half the games."""
    if _FOUND:  # not "if any is registered": a test's game registered first hides none
        return
    with _SCANNING:
        if _FOUND:
            return
        package = importlib.import_module(GAMES_PACKAGE)
        for info in pkgutil.iter_modules(package.__path__, f"{GAMES_PACKAGE}."):
            if info.ispkg:
                importlib.import_module(info.name)
        _FOUND.append(True)


def entries() -> dict[str, Entry]:
    """Every registered game by name, in the order lists of games show them (rank, name)."""
    discover()
    ordered = sorted(_ENTRIES.items(), key=lambda item: (item[1].rank, item[0]))
    return dict(ordered)


def all_rules() -> dict[str, TableRules]:
    """Every registered game's rules of the table by game name."""
    return {name: entry.rules for name, entry in entries().items()}


def _entry(name: str) -> Entry:
    discover()
    found = _ENTRIES.get(name)
    if found is None:
        raise KeyError(f"no game {name!r}; known: {', '.join(sorted(_ENTRIES))}")
    return found


def table_rules(name: str) -> TableRules:
    """The rules of the table of game `name`; KeyError names the known games."""
    return _entry(name).rules


def presentation_of(name: str) -> object:
    """Game `name`'s presentation, untyped (`bot.platform.presentation.presentation` types it),
    imported now if it was registered by where it is."""
    entry = _entry(name)
    if isinstance(entry.presentation, str):  # frozen: set once, in place
        object.__setattr__(entry, "presentation", _imported(entry.presentation, name))
    return entry.presentation


def all_presentations() -> dict[str, object]:
    return {name: presentation_of(name) for name in entries()}


def with_tool(tool: str) -> tuple[str, ...]:
    """The games that have tool `tool` ("play", "simulate", "warm pictures"), in list order."""
    return tuple(name for name, entry in entries().items() if tool in entry.tools)


def tool(name: str, tool: str) -> Callable[..., Any]:
    """Game `name`'s entry for tool `tool`, imported now; KeyError if it has none."""
    found: Callable[..., Any] = _imported(_entry(name).tools[tool], name)
    return found


_SPEC = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*")
"""Where to import an object from: "module:attribute"."""


def _imported(spec: str, game: str) -> Any:
    """The object "module:attribute" names, importing its module; LookupError naming the
    game if there is none."""
    module, _, attribute = spec.partition(":")
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        raise LookupError(f"game {game!r}: cannot import {spec!r}: {error}") from error


def bind(client: object, game: str, handler: Any) -> None:
    """The object `game`'s components call on this client (its cog's controller, which the
    cog keeps: it is bound as long as the cog holds it)."""
    _HANDLERS.setdefault(client, weakref.WeakValueDictionary())[game] = handler


def handler(client: object, game: str) -> Any:
    """What `bind` set for this client and game; LookupError if the game's cog is not loaded."""
    try:
        return _HANDLERS[client][game]
    except KeyError:
        raise LookupError(f"no handler for {game!r} on this client") from None
