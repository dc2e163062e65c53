"""Decisions: the actions of adventure-scenario-format.md, as one value type.

A decision is an action name plus the fields that action takes; unused fields are None.
`cards` and `dice` are kept sorted so two spellings of one decision compare equal. The one
field the format does not name is `item`: the Equipment card a Scroll of Minds takes
(`{"action": "use", "card": "scroll_of_minds", "target": "bob", "what": "equipment",
"item": "sword"}`), since `card` already names the Scroll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Final

FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "roll": (),
    "travel": ("to",),
    "rest": (),
    "riddle": ("target",),
    "place": (),
    "buy_talisman": ("colour",),
    "heal": (),
    "draw_magic": (),
    "draw_riddle": (),
    "sell": ("card",),
    "accept": (),
    "refuse": (),
    "browse": (),
    "buy": ("cards",),
    "done": (),
    "avoid": ("card", "target"),
    "fight": (),
    "prepare": ("cards",),
    "reroll": ("dice",),
    "stop": (),
    "take": ("what", "colour", "card"),
    "challenge": ("card",),
    "answer": ("card",),
    "end_duel": (),
    "shield": (),
    "choose": ("option",),
    "move_to": ("to",),
    "smith": ("card",),
    "use": ("card", "target", "what", "colour", "item"),
}
"""Every action and the fields it may carry."""

MADE: Final = 8192
"""Decisions kept for reuse by D() (the least recently made go first: names of hobbits vary)."""

NULLABLE: Final = {("answer", "card"), ("move_to", "to"), ("smith", "card")}
"""Fields written out even when None: `null` is a meaningful choice there."""

OPTIONAL: Final = {
    ("avoid", "target"),
    ("take", "colour"),
    ("take", "card"),
    ("use", "target"),
    ("use", "what"),
    ("use", "colour"),
    ("use", "item"),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of one hobbit."""

    action: str
    to: str | None = None
    target: str | None = None
    card: str | None = None
    cards: tuple[str, ...] | None = None
    dice: tuple[int, ...] | None = None
    what: str | None = None
    colour: str | None = None
    option: str | None = None
    item: str | None = None
    written: dict[str, Any] | None = field(default=None, init=False, repr=False, compare=False)
    """The dict form once made (every decision applied is written into its event)."""

    def plain(self) -> Mapping[str, Any]:
        """The decision as plain JSON, made once and kept: shared by every `Decided` event of
        this decision in every game (D keeps one decision for each), so never to be changed,
        nor its `cards` or `dice` list, which a shallow copy still shares (`to_dict` gives a
        copy of its own, lists included)."""
        written = self.written
        if written is None:
            written = {"action": self.action}
            for name in FIELDS.get(self.action, ()):
                value = getattr(self, name)
                if isinstance(value, tuple):
                    written[name] = list(value)
                elif value is not None or (self.action, name) in NULLABLE:
                    written[name] = value
            object.__setattr__(self, "written", written)
        return written

    def to_dict(self) -> dict[str, Any]:
        """The decision as plain JSON (a fresh dict: the caller may change it)."""
        out = dict(self.plain())
        if self.cards is not None or self.dice is not None:  # lists of its own too
            for name in ("cards", "dice"):
                if name in out:
                    out[name] = list(out[name])
        return out

    def __str__(self) -> str:
        parts = [self.action]
        for name in FIELDS.get(self.action, ()):
            value = getattr(self, name)
            if value is not None:
                parts.append(
                    f"{name}={','.join(map(str, value)) if isinstance(value, tuple) else value}"
                )
        return " ".join(parts)


@cache
def _bare(action: str) -> Decision:
    return Decision(action)


@lru_cache(maxsize=MADE)
def _made(action: str, fields: tuple[tuple[str, Any], ...]) -> Decision:
    return Decision(action, **dict(fields))


def D(action: str, **fields: Any) -> Decision:
    """A decision from keyword fields, with lists turned into sorted tuples. Decisions are
    immutable, so one value serves every time the same decision is offered (made once: a
    frozen dataclass is slow to make, and the legal lists make many)."""
    if not fields:
        return _bare(action)
    if "cards" in fields or "dice" in fields:
        for key in ("cards", "dice"):
            if fields.get(key) is not None:
                fields[key] = tuple(sorted(fields[key]))
    return _made(action, tuple(fields.items()))


def from_dict(data: Mapping[str, Any]) -> Decision:
    """A decision from its dict form; ValueError with a readable reason if malformed."""
    if not isinstance(data, Mapping):
        raise ValueError("a decision must be an object")
    action = data.get("action")
    if not isinstance(action, str) or action not in FIELDS:
        known = ", ".join(sorted(FIELDS))
        raise ValueError(f"unknown action {action!r}; actions: {known}")
    allowed = FIELDS[action]
    fields: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("action", "player"):
            continue
        if key not in allowed:
            raise ValueError(f"'{action}' takes no field {key!r}")
        if key in ("cards", "dice"):
            want = str if key == "cards" else int
            if not isinstance(value, list) or not all(
                isinstance(v, want) and not isinstance(v, bool) for v in value
            ):
                raise ValueError(
                    f"'{key}' must be a list of {'card ids' if key == 'cards' else 'die indices'}"
                )
            fields[key] = value
        elif value is None or isinstance(value, str):
            fields[key] = value
        else:
            raise ValueError(f"'{key}' must be text")
    for key in allowed:
        if key not in fields and (action, key) not in OPTIONAL and (action, key) not in NULLABLE:
            raise ValueError(f"'{action}' needs the field {key!r}")
    if action in ("answer", "move_to", "smith") and allowed[0] not in data:
        raise ValueError(f"'{action}' needs the field {allowed[0]!r} (null to decline)")
    return D(action, **fields)
