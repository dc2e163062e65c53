"""The engine's event records (`engine.adventure.events`), typed, for the lines to match on.

The engine hands out typed records; a record read back as JSON (a stored log, a replay, a
test's dict) is made one again here, by its `type`. A field it lacks is left None (the line
reads what there is), and a combat roll from before the bonuses were named gets its bonus
back as one sum, so old logs still read as they did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, fields
from typing import Any

from engine.adventure import events as E


def _kinds(base: type[E.AdvEvent]) -> dict[str, type[E.AdvEvent]]:
    out: dict[str, type[E.AdvEvent]] = {}
    for kind in base.__subclasses__():
        out[kind.type] = kind
        out.update(_kinds(kind))
    return out


KINDS = _kinds(E.AdvEvent)
"""Every event class by its `type`."""


def record(e: E.AdvEvent | Mapping[str, Any]) -> E.AdvEvent | None:
    """`e` as its typed record, or None for a kind the engine does not know."""
    if isinstance(e, E.AdvEvent):
        return e
    kind = KINDS.get(str(e.get("type")))
    if kind is None:
        return None
    values: dict[str, Any] = {}
    for f in fields(kind):
        if f.name in e:
            value = e[f.name]
            values[f.name] = tuple(value) if isinstance(value, list) else value
        elif f.default is MISSING and f.default_factory is MISSING:
            values[f.name] = None
    if kind is E.Combat and e.get("bonuses") is None:  # from before bonuses were named
        total, result = e["total"], e["result"]
        values["bonuses"] = {"bonuses": total - result} if total != result else {}
    return kind(**values)
