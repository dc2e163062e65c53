"""A cache per reader's language, for the board picture's parts worked out once.

The background, the place names' boxes and the token spots around them depend on the words
written on the picture, and German names are longer than English ones: so each is worked out
once per language (the current locale is part of the key), never shared between them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

from bot.i18n import current_locale

F = TypeVar("F", bound=Callable[..., Any])


def per_locale(maxsize: int | None = None) -> Callable[[F], F]:
    """Cache a function's result by its (positional) arguments and the current locale."""

    def wrap(fn: F) -> F:
        @lru_cache(maxsize=maxsize)
        def in_locale(locale: str, *args: Any) -> Any:
            return fn(*args)

        @wraps(fn)
        def cached(*args: Any) -> Any:
            return in_locale(current_locale(), *args)

        cached.cache_info = in_locale.cache_info  # type: ignore[attr-defined]
        return cached  # type: ignore[return-value]

    return wrap
