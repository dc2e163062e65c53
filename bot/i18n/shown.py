"""Slash commands as the reader's Discord shows them, for texts that name one: the names a
German client types (`/loveletter neu`, `/abenteuer regeln thema: Spielzug`) and the
descriptions it shows, from the `commands` catalogue.

Discord shows each user a command's localised name and texts (sent at sync by
bot/i18n/translator.py, which reads them here); a help text or a hint that names a command
must name it the same way, or a German reader is told to type a command their client does
not offer. The catalogue tells a name from a description by context (`msgctxt`): a name is
1-32 lowercase letters, digits, `-` or `_` at Discord. Knows no discord.py, so the service's
refusals may name commands too.
"""

from __future__ import annotations

import logging
import re

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


def shown_text(english: str, context: str) -> str:
    """A command's string of kind `context` as the current reader's Discord shows it."""
    locale = current_locale()
    if locale == PSEUDO:  # a test run: the string went through here
        return pseudo(english)
    return translated(english, context, locale) or english


def shown_command(path: str) -> str:
    """`loveletter join` as the current reader's Discord shows it (`loveletter beitreten` in
    German), for texts that name a command: fill it in, `_("Use /{command}", command=...)`."""
    return " ".join(shown_text(word, COMMAND_NAME) for word in path.split())


_PATH = re.compile(r"`/([a-z][a-z_-]*(?: [a-z][a-z_-]*)*)")
"""A command named in backticks inside a text: `/loveletter end`."""


def shown_paths(text: str) -> str:
    """Every command `text` names in backticks (`/loveletter end`, as the catalogue writes it,
    in English) as the current reader's Discord shows it (`/loveletter beenden`), so a hint in
    a German sentence names the command a German client types."""
    return _PATH.sub(lambda m: "`/" + shown_command(m.group(1)), text)
