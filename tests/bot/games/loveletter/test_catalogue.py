"""The `loveletter` catalogue is complete: every message the code (and the card-name
extractor) holds has a German translation with the same placeholders."""

from __future__ import annotations

import string

from babel.messages.pofile import read_po

from bot.i18n.catalogues import LOCALE_DIR
from bot.i18n.tool import template


def _fields(text: str) -> set[str]:
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text) if field}


def test_every_loveletter_message_has_german_with_the_same_placeholders() -> None:
    with (LOCALE_DIR / "de" / "LC_MESSAGES" / "loveletter.po").open("rb") as source:
        german = read_po(source, locale="de")
    code = template("loveletter")
    problems = []
    for message in code:  # type: ignore[attr-defined]
        if not message.id:
            continue
        found = german.get(message.id, context=message.context)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = () if found is None else found.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        if found is None or not all(strings):
            problems.append(f"untranslated: {ids[0]!r}")
        elif any(_fields(s) != _fields(ids[0]) for s in strings):
            problems.append(f"placeholders differ: {ids[0]!r}")
    assert problems == []
    assert len(code) > 300  # type: ignore[arg-type]
