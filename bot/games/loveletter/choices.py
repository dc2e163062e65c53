"""The choice tree behind the hand controls: card -> target -> player(s) -> guess -> look.

`engine.legal_moves` lists every complete legal move. The UI walks it one field at a time, so it
only ever offers values that lead to a legal move. Cards that choose one or two players (Baroness,
Cardinal) are asked as two single choices, a first player then a partner given the first, so no
combination the engine refuses (a Flatterer binding, PEG-16) can ever be offered: each pair is an
*entry* in both orders. A step is identified by the index of one representative entry and how
many fields are already fixed: with the state version in the custom_id, that pins the remaining
moves exactly, and it stays short (custom_id <= 100 chars).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.loveletter.moves import Decide, Play

FIELDS: tuple[str, ...] = ("card", "target", "targets", "partner", "guess", "look")
VERSION = "2"  # of the entry numbering; the fingerprint's salt, so older hands read as stale


def entries(moves: Sequence[Play | Decide]) -> list[tuple[int, tuple[Any, ...]]]:
    """(move index, key over FIELDS) for every way to pick each play: a pair in either order."""
    out: list[tuple[int, tuple[Any, ...]]] = []
    for i, m in enumerate(moves):
        if not isinstance(m, Play):
            continue
        pairs: list[tuple[str | None, str | None]] = [(m.targets[0] if m.targets else None, None)]
        if len(m.targets) == 2:
            pairs = [(m.targets[0], m.targets[1]), (m.targets[1], m.targets[0])]
        for first, partner in pairs:
            out.append((i, (m.card, m.target, first, partner, m.guess, m.look)))
    return out


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


def plays(moves: Sequence[Play | Decide]) -> list[Play]:
    return [m for m in moves if isinstance(m, Play)]


def card_options(moves: Sequence[Play | Decide]) -> list[Option]:
    """One option per playable card (its first entry)."""
    seen: dict[str, Option] = {}
    for index, (_, key) in enumerate(entries(moves)):
        seen.setdefault(key[0], Option(index, key[0]))
    return list(seen.values())


def step(moves: Sequence[Play | Decide], index: int, depth: int) -> Step:
    """Advance from (representative entry `index`, `depth` fixed fields) past fields whose
    answer would not narrow the moves down.

    Raises IndexError/ValueError when the pair does not describe legal moves of this state.
    """
    table = entries(moves)
    if index < 0 or not 1 <= depth <= len(FIELDS):
        raise ValueError("not a card play")
    key = table[index][1]
    while True:
        remaining = [(j, e) for j, e in enumerate(table) if e[1][:depth] == key[:depth]]
        every = {mi for _, (mi, _k) in remaining}
        if len(every) == 1:
            move = moves[remaining[0][1][0]]
            assert isinstance(move, Play)
            return Step(depth=depth, move=move)
        if depth >= len(FIELDS):
            raise ValueError("ambiguous legal moves")
        values: dict[Any, Option] = {}
        under: dict[Any, set[int]] = {}
        for j, (mi, k) in remaining:
            values.setdefault(k[depth], Option(j, k[depth]))
            under.setdefault(k[depth], set()).add(mi)
        if under[key[depth]] == every:  # one value, or a pair whose other order is the same
            depth += 1
            continue
        return Step(depth=depth, field=FIELDS[depth], options=tuple(values.values()))
