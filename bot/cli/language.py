"""The language of one terminal game: `play --lang`, else the environment's, as gettext reads
it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first one set), so `LANG=de_DE.UTF-8` plays in
German without an option. The whole session is written in it (`bot.i18n.use_locale`)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from bot.i18n import ENGLISH, LOCALES, PSEUDO, normalise

ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def lang_option(text: str) -> str:
    """An argparse type: `en`, `de` (or `de-DE`, `de_DE.UTF-8`); anything else is refused."""
    code = text.strip().lower().replace("_", "-").split(".")[0]
    if code == PSEUDO or code.split("-")[0] in LOCALES:
        return normalise(code)
    shown = text if len(text) <= 20 else text[:19] + "…"
    raise argparse.ArgumentTypeError(
        f"unknown language {shown!r}; choose one of {', '.join(LOCALES)}"
    )


def session_locale(lang: str | None, environ: Mapping[str, str]) -> str:
    """`lang` when given, else the first locale variable set in `environ` (English for `C`,
    `POSIX` or a language without a catalogue)."""
    if lang:
        return lang
    for variable in ENVIRONMENT:
        value = environ.get(variable, "").strip()
        if value:
            return normalise(value.split(":")[0])
    return ENGLISH
