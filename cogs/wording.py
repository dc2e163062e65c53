"""How one game words a command `cogs.base.GameCog` declares for every game: its
description, and per option the description, choices, Discord name or length it has there
(`Option`); options only some games have (`OFFERED`) are left out unless the game names them.

discord.py reads a command's options from its callback once, at declaration; `worded` copies
the declared command and its options (discord.py's `CommandParameter`s, through their private
fields: tests/cogs/test_command_tree.py pins what Discord is sent, so an upgrade that changes
them fails there) and rewrites what the game says otherwise.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from discord import app_commands
from discord.app_commands import locale_str
from discord.app_commands.transformers import CommandParameter

Choices = Sequence[app_commands.Choice[str]]
Command = app_commands.Command[Any, ..., Any]
"""A shared command of `GameCog` (bound to no cog yet)."""


@dataclass(frozen=True)
class Option:
    """How one game offers an option of a shared command; None keeps the declared one."""

    description: str | None = None
    choices: Choices = ()
    required: bool = False
    name: str | None = None  # the option's name at Discord, when the game says it otherwise
    length: tuple[int, int] | None = None  # a text option's shortest and longest value


OFFERED = frozenset(
    {("new", "edition"), ("new", "setting"), ("leaderboard", "edition"), ("rules", "topic")}
)
"""The options only some games have: a game's cog offers one by naming it in `wording`."""


def _option(param: Any, spec: Option) -> Any:
    """A copy of a declared option (discord.py's `CommandParameter`) as `spec` words it."""
    copy = dataclasses.replace(
        param,
        description=spec.description or param.description,
        choices=list(spec.choices) or param.choices,
        required=spec.required or param.required,
        _rename=spec.name or param._rename,
    )
    if spec.length is not None:
        copy.min_value, copy.max_value = spec.length
    copy._convert_to_locale_strings()  # what the translator reads (German names and texts)
    return copy


def worded(command: Command, wording: Mapping[str, str | Option]) -> Command:
    """A copy of the shared `command` with one game's descriptions, options and choices."""
    copy = command._copy_with(parent=None, binding=None, set_on_binding=False)
    text = wording.get(command.name)
    if isinstance(text, str):
        copy.description, copy._locale_description = text, locale_str(text)
    params: dict[str, CommandParameter] = {}
    for name, param in command._params.items():
        spec = wording.get(f"{command.name} {name}")
        if spec is None and (command.name, name) in OFFERED:
            continue  # not this game's: the handler gets its default
        if spec is not None:
            param = _option(param, Option(spec) if isinstance(spec, str) else spec)
        if param.is_choice_annotation() and not param.choices:
            raise TypeError(f"/{command.name} {name}: the game's wording gives no choices")
        params[name] = param
    copy._params = params
    return copy


def word_shared(
    cog: type, declared: Mapping[str, Command], wording: Mapping[str, str | Option]
) -> None:
    """Set on the game's `cog` class each `declared` shared command (by attribute name) as
    `wording` words it, unless the class declares its own; wording for no such command or
    option is refused (TypeError)."""
    commands = list(declared.values())
    known = {c.name for c in commands} | {f"{c.name} {p}" for c in commands for p in c._params}
    unknown = set(wording) - known
    if unknown:  # a typo would silently keep the declared words
        raise TypeError(f"{cog.__name__}.wording: no such shared command or option {unknown}")
    for name, command in declared.items():
        if name not in cog.__dict__:  # a game may still declare its own
            setattr(cog, name, worded(command, wording))
