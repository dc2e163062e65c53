"""The pseudo-locale: English with every letter swapped for an accented look-alike.

A test run in it shows at a glance (and to a regular expression) which text skipped the
catalogue: any plain ASCII word left in a message never went through `_`. Placeholders stay as
they are, so the values filled in show up plain too (a card name filled in untranslated).
"""

from __future__ import annotations

import re
from functools import lru_cache

PSEUDO = "pseudo"

_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOOK = "áƀçđéƒĝĥíĵķĺɱñóƥǫŕşţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŞŢÚṼŴẊÝŽ"
_SWAP = str.maketrans(_PLAIN, _LOOK)
# `{name}`, `{n:,}`, and `{{` / `}}`: kept as written so formatting still works.
_FIELD = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")
# Discord markup that must survive: <@123>, <t:…>, <:emoji:…>, URLs.
_MARKUP = re.compile(r"(<[^<>\s]+>|https?://\S+)")


@lru_cache(maxsize=8192)
def pseudo(template: str) -> str:
    """`template` in the pseudo-locale: letters swapped outside placeholders and markup.

    Remembered per template (the messages are few; a whole game in the pseudo-locale asks
    each of them thousands of times)."""
    parts = _FIELD.split(template)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
            continue
        bits = _MARKUP.split(part)
        out.extend(b if j % 2 else b.translate(_SWAP) for j, b in enumerate(bits))
    return "".join(out)


# Words of 3+ plain letters: what a pseudo-locale message must not contain (bar names).
ENGLISH_WORD = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z]{3,}(?![A-Za-z0-9_])")


def plain_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The plain English words in `text` that no translation touched (`allowed`: names)."""
    text = _MARKUP.sub(" ", text)
    return [w for w in ENGLISH_WORD.findall(text) if w not in allowed]
