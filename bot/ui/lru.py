"""A least-recently-used cache bounded by the bytes it holds, not by its number of entries.

The pictures' caches hold images of very different sizes (a word of text, a card face), so a
count says little about memory. Pictures are drawn on the event loop (a hand) and in the
drawing thread (a table) at once, so every change to the order is made under a lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class SizedLru(Generic[V]):
    """At most `budget` bytes of values (each as sized by its `put`), the least recently used
    dropped first. A value larger than the whole budget is not kept."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.size = 0
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

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
