"""Bounded per-game memory of the service: the running games kept parsed, the least recently
used dropped first, and one lock per game that lives only while someone holds or awaits it.

A process may serve tens of thousands of mostly idle tables (`bench service --tables`): the
games nobody clicks need not stay parsed. Dropping one costs its next click one read of the
stored game and a parse; the database is the truth either way (bot/service/games.py).
"""

from __future__ import annotations

import asyncio
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
DEFAULT_GAMES = 2_000
"""GAME_CACHE unset: running games kept parsed (about 25 KiB each, a Love Letter game)."""


class CountLru(Generic[K, V]):
    """At most `limit` entries, the least recently read or written dropped first. The few
    dict operations the service (and its tests) use: get, item assignment, pop, values."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a cache holds at least one entry, not {limit}")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.limit:
            self._items.popitem(last=False)

    def __getitem__(self, key: K) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def pop(self, key: K, default: V | None = None) -> V | None:
        return self._items.pop(key, default)

    def values(self) -> Iterator[V]:
        return iter(list(self._items.values()))

    def __len__(self) -> int:
        return len(self._items)


class Locks:
    """One asyncio.Lock per key, kept only while a task holds or awaits it (weak values), so
    a process that has served a million games does not keep a million locks."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[Hashable, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    def __call__(self, key: Hashable) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def __len__(self) -> int:
        return len(self._locks)
