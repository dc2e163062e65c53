"""Every text the pictures draw, as drawn: a recording wrapper around Pillow's text drawing.

The pictures cache what they draw (faces, small cards, chips, hands, badges, text labels), so
the recorder empties those caches first: everything drawn inside the block is drawn anew and
recorded, in the locale of the block. The real drawing still happens. Only the block's own
thread is recorded: a picture warm-up that an earlier test started in the background (another
game's board, in English) draws at the same time and is none of this block's texts.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from PIL import ImageDraw

from bot.games.loveletter.pictures import draw, faces, hand, ink

CACHES = (
    faces._face,
    faces._small,
    faces._chip,
    hand._hand,
    hand._dimmed,
    draw.badge,
    draw.fit,
    ink._label,
)


@contextmanager
def drawn_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The texts drawn inside the block, in order (the list fills as they are drawn)."""
    for cache in CACHES:
        cache.cache_clear()
    seen: list[str] = []
    here = threading.get_ident()
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any) -> Any:
        if threading.get_ident() == here:
            seen.append(str(words))
        return original(self, xy, words, *args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(ImageDraw.ImageDraw, "text", text)
        yield seen
    for cache in CACHES:
        cache.cache_clear()  # nothing drawn here is served to another test from a cache
