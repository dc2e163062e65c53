"""Slash commands in the reader's language: discord.py's `app_commands.Translator` over the
`commands` catalogue.

Discord shows each user a command's localised name and texts, so they are sent with the commands
at sync (`bot.tree.set_translator` in bot/client.py): every command, option and choice, for every
locale with a catalogue. A name and a description follow different rules at Discord (a name is
1-32 lowercase letters, digits, `-` or `_`), so the catalogue tells them apart by context
(`msgctxt`). What has no translation, and any locale without a catalogue, gets None: Discord shows
the English. A translated name Discord would refuse is left out too (logged), since one bad name
would make Discord refuse the whole sync.
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import ENGLISH, LOCALES, PSEUDO, current_locale, normalise
from bot.i18n.catalogues import translations
from bot.i18n.pseudo import pseudo

log = logging.getLogger(__name__)

# The catalogue's contexts: what kind of string a message is (a group is a command at Discord).
COMMAND_NAME = "command name"
COMMAND_DESCRIPTION = "command description"
OPTION_NAME = "option name"
OPTION_DESCRIPTION = "option description"
CHOICE_NAME = "choice name"
NAMES = (COMMAND_NAME, OPTION_NAME)
CONTEXTS: dict[Where, str] = {
    Where.command_name: COMMAND_NAME,
    Where.group_name: COMMAND_NAME,
    Where.command_description: COMMAND_DESCRIPTION,
    Where.group_description: COMMAND_DESCRIPTION,
    Where.parameter_name: OPTION_NAME,
    Where.parameter_description: OPTION_DESCRIPTION,
    Where.choice_name: CHOICE_NAME,
}
# Discord's limits: names 1-32 characters, descriptions and choice names 1-100.
NAME_LENGTH = 32
TEXT_LENGTH = 100


def valid_name(name: str) -> bool:
    """Discord's rule for a slash command's or option's name, `^[-_\\p{L}\\p{N}]{1,32}$` in
    lowercase (Python's `isalnum` is the letters and numbers)."""
    return (
        1 <= len(name) <= NAME_LENGTH
        and all(ch.isalnum() or ch in "-_" for ch in name)
        and name == name.lower()
    )


def valid(text: str, context: str) -> bool:
    """Whether Discord takes `text` as a string of this kind."""
    if context in NAMES:
        return valid_name(text)
    return 1 <= len(text) <= TEXT_LENGTH


def translated(english: str, context: str, locale: object) -> str | None:
    """`english` (a command's string of kind `context`) for `locale`; None: show the English."""
    code = normalise(locale)
    if code == ENGLISH or code not in LOCALES:
        return None
    text = translations(code).pgettext(context, english)
    if text == english:
        return None
    if not valid(text, context):
        log.error("the %s translation of %s %r is not one Discord takes", code, context, english)
        return None
    return text


def shown_command(path: str) -> str:
    """`loveletter join` as the current reader's Discord shows it (`loveletter beitreten` in
    German), for texts that name a command: fill it in, `_("Use /{command}", command=...)`."""
    locale = current_locale()
    if locale == PSEUDO:  # a test run: the name went through here
        return " ".join(pseudo(word) for word in path.split())
    return " ".join(translated(word, COMMAND_NAME, locale) or word for word in path.split())


_PATH = re.compile(r"`/([a-z][a-z_-]*(?: [a-z][a-z_-]*)*)")
"""A command named in backticks inside a text: `/loveletter end`."""


def shown_paths(text: str) -> str:
    """Every command `text` names in backticks (`/loveletter end`, as the catalogue writes it,
    in English) as the current reader's Discord shows it (`/loveletter beenden`), so a hint in
    a German sentence names the command a German client types."""
    return _PATH.sub(lambda m: "`/" + shown_command(m.group(1)), text)


class CommandTranslator(app_commands.Translator):
    """What `tree.sync` asks for each command string and locale; None keeps the English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        kind = CONTEXTS.get(context.location)
        if kind is None:  # `other`: nothing of ours
            return None
        return translated(string.message, kind, locale)
