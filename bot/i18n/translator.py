"""Slash commands in the reader's language: discord.py's `app_commands.Translator` over the
`commands` catalogue.

Discord shows each user a command's localised name and texts, so they are sent with the commands
at sync (`bot.tree.set_translator` in bot/runtime/client.py): every command, option and choice,
for every
locale with a catalogue. A name and a description follow different rules at Discord (a name is
1-32 lowercase letters, digits, `-` or `_`), so the catalogue tells them apart by context
(`msgctxt`; bot/i18n/shown.py, which texts naming a command use too). What has no translation,
and any locale without a catalogue, gets None: Discord shows the English. A translated name
Discord would refuse is left out too (logged), since one bad name would make Discord refuse the
whole sync.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, normalise
from bot.i18n.shown import (
    CHOICE_NAME,
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    NAME_LENGTH,
    NAMES,
    OPTION_DESCRIPTION,
    OPTION_NAME,
    TEXT_LENGTH,
    shown_command,
    shown_text,
    translated,
    valid,
    valid_name,
)

CONTEXTS: dict[Where, str] = {
    Where.command_name: COMMAND_NAME,
    Where.group_name: COMMAND_NAME,
    Where.command_description: COMMAND_DESCRIPTION,
    Where.group_description: COMMAND_DESCRIPTION,
    Where.parameter_name: OPTION_NAME,
    Where.parameter_description: OPTION_DESCRIPTION,
    Where.choice_name: CHOICE_NAME,
}


TRANSLATED = frozenset(locale for locale in discord.Locale if normalise(locale) != ENGLISH)
"""Discord's locales that a catalogue translates (German's one); `translated` gives None for
every other (English shown). `tree.sync` asks every string in each of Discord's 30-odd
locales, 7,300 asks a start: those go no further (a bot's start-up 15-20 ms less CPU)."""


class CommandTranslator(app_commands.Translator):
    """What `tree.sync` asks for each command string and locale; None keeps the English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        kind = CONTEXTS.get(context.location)
        if kind is None or locale not in TRANSLATED:  # `other`: nothing of ours
            return None
        return translated(string.message, kind, locale)


__all__ = [
    "CHOICE_NAME",
    "COMMAND_DESCRIPTION",
    "COMMAND_NAME",
    "CONTEXTS",
    "NAMES",
    "NAME_LENGTH",
    "OPTION_DESCRIPTION",
    "OPTION_NAME",
    "TEXT_LENGTH",
    "CommandTranslator",
    "shown_text",
    "shown_command",
    "translated",
    "valid",
    "valid_name",
]
