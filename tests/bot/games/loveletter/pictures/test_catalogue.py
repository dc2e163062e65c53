"""The pictures' catalogue (`loveletter_pictures`) is complete in German: every message the
picture code holds has its German text, with the same placeholders."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from bot.i18n.catalogues import LOCALE_DIR
from bot.i18n.tool import template

DOMAIN = "loveletter_pictures"
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text.replace("{{", "").replace("}}", "")))


def test_every_picture_message_has_its_german_text_with_the_same_placeholders() -> None:
    with (LOCALE_DIR / "de" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        german = read_po(source)
    wanted = [m for m in template(DOMAIN) if m.id]  # type: ignore[attr-defined]
    assert len(wanted) > 50
    problems = []
    for m in wanted:
        found = german.get(m.id, context=m.context)
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        string = found.string if found is not None else ()
        texts = [str(t or "") for t in (string if isinstance(string, tuple) else (string,))]
        if not texts or not all(texts):
            problems.append(f"no German for {ids[0]!r}")
        elif any(_fields(t) != _fields(ids[0]) | _fields(ids[-1]) for t in texts):
            problems.append(f"placeholders differ: {ids[0]!r} -> {texts!r}")
    assert problems == []
