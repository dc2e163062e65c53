"""The words players read, in their language: English, German, and a pseudo-locale for tests.

Every sentence a player reads is written in English in the code, wrapped in `_` (or `n_` for
counts, `p_` where one English word needs two German ones), and looked up in the compiled
message catalogues (`bot/locale/<lang>/LC_MESSAGES/<domain>.mo`, gettext through Babel) for the
locale of the reader being written for. That locale is a context variable, set where the
reader is known (an interaction: the clicker's Discord locale; a public message: the server's
language; a DM: the player's last seen locale), so the code between needs no locale argument.

Placeholders are named, `str.format` style: `_("{name} played {card}", name=..., card=...)`.
The template is translated first and filled after, so a translation may move them. A string
kept in a constant is marked with `N_` (for the catalogue) and translated where it is shown.

A sentence whose pronoun, article or verb turns with a name it speaks of ("Its power is 6":
German "Seine Stärke" after der Wolf, "Ihre" after die Riesenspinne, "ziehen ab" after the
plural Höhlenfledermäuse) is written `g_(gender(name), msgid)`: the catalogue holds it once per
grammatical gender (the contexts `GENDERS`), and each name's gender is a catalogue entry too
(context `grammatical gender`, its English name as msgid, one of `GENDERS` as msgstr), written
by the translator who knows the word. `G_` marks such a sentence kept in a constant.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Iterator
from contextlib import contextmanager

from bot.i18n.catalogues import translations
from bot.i18n.pseudo import PSEUDO, pseudo

log = logging.getLogger(__name__)

ENGLISH = "en"
GERMAN = "de"
# The languages with complete catalogues; any other locale reads English.
LOCALES = (ENGLISH, GERMAN)

_locale: contextvars.ContextVar[str] = contextvars.ContextVar("locale", default=ENGLISH)
_forced: contextvars.ContextVar[str | None] = contextvars.ContextVar("forced", default=None)


def normalise(locale: object) -> str:
    """`de`, `de-AT`, `de_DE.UTF-8`, `discord.Locale.german` -> `de`; unknown or None -> `en`."""
    text = str(getattr(locale, "value", locale) or "").strip().lower()
    if text == PSEUDO:
        return PSEUDO
    code = text.replace("_", "-").split(".")[0].split("-")[0]
    return code if code in LOCALES else ENGLISH


def current_locale() -> str:
    """The locale `_` writes in here: a forced one (tests), else the reader's."""
    return _forced.get() or _locale.get()


@contextmanager
def use_locale(locale: object) -> Iterator[str]:
    """Write for a reader of `locale` inside the block (any form `normalise` takes)."""
    token = _locale.set(normalise(locale))
    try:
        yield current_locale()
    finally:
        _locale.reset(token)


@contextmanager
def force_locale(locale: object) -> Iterator[str]:
    """Every `use_locale` inside the block writes `locale` (the pseudo-locale test runs)."""
    token = _forced.set(normalise(locale))
    try:
        yield current_locale()
    finally:
        _forced.reset(token)


def _fill(template: str, english: str, values: dict[str, object]) -> str:
    if not values:
        return template
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A translation whose placeholders do not match (the catalogue tests forbid it):
        # the English sentence is better than a traceback in front of a player.
        log.error("translation of %r does not fit its placeholders", english)
        return english.format(**values)


def _(msgid: str, /, **values: object) -> str:
    """`msgid` in the current locale, its `{placeholders}` filled from `values`."""
    locale = current_locale()
    if locale == ENGLISH:
        return msgid.format(**values) if values else msgid
    if locale == PSEUDO:
        return _fill(pseudo(msgid), msgid, values)
    return _fill(translations(locale).gettext(msgid), msgid, values)


def n_(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form for `n` (`{n}` is filled too): `n_("{n} token", "{n} tokens", n)`."""
    values = {"n": n, **values}
    english = singular if n == 1 else plural
    locale = current_locale()
    if locale == ENGLISH:
        return english.format(**values)
    if locale == PSEUDO:
        return _fill(pseudo(english), english, values)
    return _fill(translations(locale).ngettext(singular, plural, n), english, values)


def p_(context: str, msgid: str, /, **values: object) -> str:
    """`msgid` as meant in `context`, for words English uses in two senses ("Play", "Hand")."""
    locale = current_locale()
    if locale == ENGLISH:
        return msgid.format(**values) if values else msgid
    if locale == PSEUDO:
        return _fill(pseudo(msgid), msgid, values)
    return _fill(translations(locale).pgettext(context, msgid), msgid, values)


def N_(msgid: str, /) -> str:
    """Marks `msgid` for the catalogue without translating it (constants; translate on use)."""
    return msgid


GENDER = "grammatical gender"
"""The context of a name's gender entry (msgid: the English name; msgstr: one of GENDERS)."""
GENDERS = ("masculine", "feminine", "neuter", "plural")
"""A name's grammatical gender, and the contexts of a gendered sentence's forms."""
GENDER_NOTE = (
    "the grammatical gender of this name in your language, one of: masculine, feminine, "
    "neuter, plural (it picks the form of the sentences that speak of it: Seine/Ihre Stärke)"
)
"""The translators' comment on a gender entry."""
UNKNOWN_GENDER = "feminine"
"""A name without a gender entry reads as "die Karte" does (and English has none to tell)."""


def gender(name: str, /) -> str:
    """The grammatical gender of `name` (a card's or creature's English name) in the reader's
    language, from its `grammatical gender` entry: one of GENDERS."""
    found = p_(GENDER, name)
    return found if found in GENDERS else UNKNOWN_GENDER


def g_(of: str, msgid: str, /, **values: object) -> str:
    """`msgid` in its form for a name of gender `of` (`gender(name)`): its pronouns, articles
    and verbs agree with the name (German "Seine Stärke ist 6" after der Wolf)."""
    return p_(of if of in GENDERS else UNKNOWN_GENDER, msgid, **values)


def G_(msgid: str, /) -> str:
    """Marks `msgid` as a gendered sentence for the catalogue (constants; `g_` on use)."""
    return msgid


__all__ = [
    "ENGLISH",
    "GENDER",
    "GENDERS",
    "GENDER_NOTE",
    "GERMAN",
    "LOCALES",
    "PSEUDO",
    "G_",
    "N_",
    "_",
    "current_locale",
    "force_locale",
    "g_",
    "gender",
    "n_",
    "normalise",
    "p_",
    "use_locale",
]
