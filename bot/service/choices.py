"""The choice tree behind the hand controls: card -> target(s) -> guess -> look.

`engine.legal_moves` lists every complete legal move. The UI walks it one field at a time, so it
only ever offers values that lead to a legal move. A step is identified by the index of one
representative move and how many fields are already fixed: with the state version in the
custom_id, that pins the remaining moves exactly, and it stays short (custom_id <= 100 chars).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.moves import Decide, Play, move_to_dict

FIELDS: tuple[str, ...] = ("card", "target", "targets", "guess", "look")


def move_key(move: Play) -> tuple[Any, ...]:
    """The UI-relevant fields of a play, in the order they are asked."""
    return (move.card, move.target, move.targets, move.guess, move.look)


@dataclass(frozen=True, slots=True)
class Option:
    """One value of the field being chosen; `index` is a representative legal move."""

    index: int
    value: Any


@dataclass(frozen=True, slots=True)
class Step:
    """Where a player is in choosing a move.

    `move` is set when the choices so far leave exactly one legal move (apply it). Otherwise
    `field` names what to ask next and `options` its legal values.
    """

    depth: int
    move: Play | None = None
    field: str | None = None
    options: tuple[Option, ...] = ()


def fingerprint(moves: Sequence[Play | Decide]) -> str:
    """Six hex digits naming this exact list of legal moves (order included)."""
    text = json.dumps([move_to_dict(m) for m in moves], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:6]


def plays(moves: Sequence[Play | Decide]) -> list[Play]:
    return [m for m in moves if isinstance(m, Play)]


def card_options(moves: Sequence[Play | Decide]) -> list[Option]:
    """One option per playable card (first representative move of each)."""
    seen: dict[str, Option] = {}
    for index, move in enumerate(moves):
        if isinstance(move, Play) and move.card not in seen:
            seen[move.card] = Option(index, move.card)
    return list(seen.values())


def step(moves: Sequence[Play | Decide], index: int, depth: int) -> Step:
    """Advance from (representative `index`, `depth` fixed fields) past single-valued fields.

    Raises IndexError/ValueError when the pair does not describe legal moves of this state.
    """
    rep = moves[index]
    if not isinstance(rep, Play) or not 1 <= depth <= len(FIELDS):
        raise ValueError("not a card play")
    key = move_key(rep)
    while True:
        remaining = [
            (i, m)
            for i, m in enumerate(moves)
            if isinstance(m, Play) and move_key(m)[:depth] == key[:depth]
        ]
        if len(remaining) == 1:
            return Step(depth=depth, move=remaining[0][1])
        if depth >= len(FIELDS):
            raise ValueError("ambiguous legal moves")
        values: dict[Any, Option] = {}
        for i, m in remaining:
            value = move_key(m)[depth]
            values.setdefault(value, Option(i, value))
        if len(values) == 1:
            depth += 1
            continue
        return Step(depth=depth, field=FIELDS[depth], options=tuple(values.values()))
