"""A least-recently-used cache bounded by the bytes it holds, not by its number of entries.

The pictures' caches hold images of very different sizes (a word of text, a card face), so a
count says little about memory. Pictures are drawn on the event loop (a hand) and in the
drawing thread (a table) at once, so every change to the order is made under a lock.

Every cache made here is registered, with its budget as its share: `configure` gives them
all PICTURE_CACHE_MB in the same proportions (bot/runtime/config.py, default 64 MiB; the
built-in budgets are 49 MiB in all; the drawing worker process gets the same total), so one
setting bounds the pictures' memory however many caches the games keep, and `report` says
how full each is (`bench service --tables`).
"""

from __future__ import annotations

import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class SizedLru(Generic[V]):
    """At most `budget` bytes of values (each as sized by its `put`), the least recently used
    dropped first. A value larger than the whole budget is not kept. `budget` is also the
    cache's share of PICTURE_CACHE_MB (`configure`); `name` says which cache it is in reports
    (default: the module that made it)."""

    def __init__(self, budget: int, name: str | None = None) -> None:
        self.share = budget
        self.budget = budget
        self.size = 0
        self.name = name or sys._getframe(1).f_globals.get("__name__", "?")
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()
        _CACHES.add(self)
        if _TOTAL[0] is not None:  # made after `configure`: the shares anew, with its own
            configure(_TOTAL[0])

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
            return item[0]

    def put(self, key: Hashable, value: V, size: int) -> None:
        if size > self.budget:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._items[key] = (value, size)
            self.size += size
            self._trim()

    def resize(self, budget: int) -> None:
        """A new budget; the least recently used values go until the rest fit."""
        with self._lock:
            self.budget = budget
            self._trim()

    def _trim(self) -> None:
        while self.size > self.budget:
            _, (_, dropped) = self._items.popitem(last=False)
            self.size -= dropped

    def clear(self) -> None:
        """Forget every value (tests that compare a cached drawing with a fresh one)."""
        with self._lock:
            self._items.clear()
            self.size = 0

    def __len__(self) -> int:
        return len(self._items)


_CACHES: weakref.WeakSet[SizedLru[Any]] = weakref.WeakSet()
_TOTAL: list[int | None] = [None]  # bytes, once configured


def _scaled(share: int, total: int) -> int:
    return total * share // max(1, _shares())


def _shares() -> int:
    return sum(cache.share for cache in list(_CACHES))


def configure(total_bytes: int) -> None:
    """Bound the bytes of every picture cache, made or to be made, to `total_bytes` in all,
    each in proportion to its built-in budget."""
    _TOTAL[0] = total_bytes
    for cache in list(_CACHES):
        cache.resize(_scaled(cache.share, total_bytes))


def unconfigure() -> None:
    """Back to the built-in budgets (tests: `configure` is process-wide, as the bot's start-up
    calls it, and must not follow one test into the next)."""
    _TOTAL[0] = None
    for cache in list(_CACHES):
        cache.resize(cache.share)


def configured() -> int | None:
    """The bytes `configure` gave all picture caches; None before (the built-in budgets)."""
    return _TOTAL[0]


@dataclass(frozen=True, slots=True)
class Fill:
    """How full one cache is."""

    name: str
    entries: int
    size: int  # bytes
    budget: int  # bytes


def report() -> list[Fill]:
    """Each registered cache's entries and bytes against its budget, by name."""
    fills = [Fill(c.name, len(c), c.size, c.budget) for c in list(_CACHES)]
    return sorted(fills, key=lambda fill: fill.name)
