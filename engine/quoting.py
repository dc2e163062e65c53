"""Input quoted back in a reason, cut short.

A scenario may hold a 20 MB place name or a million cards, and a refusal quotes what it
refuses; a reason is one sentence a person reads (in the replay output, on standard error),
so every game cuts what it quotes the same way.
"""

from __future__ import annotations

import re

RUN_LIMIT = 80
"""Non-blank characters in a row kept: a name or id, not a pasted file."""
REASON_LIMIT = 400
"""Characters of a whole reason kept: a sentence with a few quoted values."""

_LONG_RUN = re.compile(rf"\S{{{RUN_LIMIT + 1},}}")


def clip(text: str) -> str:
    """`text` with every run of more than RUN_LIMIT non-blank characters cut short."""
    return _LONG_RUN.sub(lambda m: m.group()[: RUN_LIMIT - 3] + "…", text)


def cut_reason(text: str) -> str:
    """`text` clipped, then cut to REASON_LIMIT characters (a long list of short ids)."""
    text = clip(text)
    return text if len(text) <= REASON_LIMIT else text[: REASON_LIMIT - 1] + "…"
