"""Stacked deals for rule tests: name the cards that matter, the helper completes the deck.

`rnd(...)` builds one scenario round (scenario-format.md): the hands, the top of the draw
pile and the set-aside card as given, every other card of the deck below them in deck
order; `play(...)` wraps rounds into a scenario and replays it through `engine.scenario`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.loveletter import (
    Deal,
    Event,
    GameState,
    apply,
    edition,
    move_from_dict,
    new_game,
    restack,
)
from engine.loveletter.scenario import replay

Json = dict[str, Any]


def rnd(
    ed: str,
    hands: dict[str, str],
    top: Sequence[str] = (),
    moves: Sequence[Json] = (),
    *,
    first: str | None = None,
    set_aside: str | None = None,
    face_up: Sequence[str] | None = None,
    bottom: Sequence[str] | None = None,
) -> Json:
    """A round whose draw pile starts with `top`; `bottom` fixes the whole rest if given."""
    rest = Counter(edition(ed).deck(len(hands)))
    used = [*hands.values(), *top, *(face_up or ()), *([set_aside] if set_aside else [])]
    rest.subtract(used)
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more copies than the deck holds: {+rest - rest}")
    left = list(rest.elements())
    if set_aside is None:
        set_aside = left.pop()
    if face_up is None:
        face_up = [left.pop(0) for _ in range(3)] if len(hands) == 2 else []
    if bottom is not None:
        if Counter(bottom) != Counter(left):
            raise ValueError(f"bottom must be exactly {sorted(left)}")
        left = list(bottom)
    out: Json = {
        "set_aside": set_aside,
        "face_up": list(face_up),
        "hands": dict(hands),
        "draw_pile": [*top, *left],
        "moves": [dict(m) for m in moves],
    }
    if first is not None:
        out["first"] = first
    return out


def scenario(
    ed: str,
    players: Sequence[str],
    rounds: Sequence[Json],
    tokens: dict[str, int] | None = None,
    options: dict[str, str] | None = None,
) -> Json:
    sc: Json = {"edition": ed, "players": list(players), "rounds": list(rounds)}
    if tokens:
        sc["tokens"] = tokens
    if options:
        sc["options"] = options
    return sc


def play(
    ed: str,
    hands: dict[str, str],
    top: Sequence[str] = (),
    moves: Sequence[Json] = (),
    *,
    tokens: dict[str, int] | None = None,
    options: dict[str, str] | None = None,
    **kw: Any,
) -> Json:
    """Replay one stacked round; the first seat in `hands` starts unless `first` is given."""
    kw.setdefault("first", next(iter(hands)))
    sc = scenario(ed, list(hands), [rnd(ed, hands, top, moves, **kw)], tokens, options)
    return replay(sc)


def mv(player: str, card: str, target: str | None = None, guess: Any = None, **kw: Any) -> Json:
    """A move in scenario form."""
    out: Json = {"player": player, "card": card}
    if target is not None:
        out["target"] = target
    if guess is not None:
        out["guess"] = guess
    out.update(kw)
    return out


def events(out: Json, kind: str) -> list[Json]:
    return [e for e in out["log"] if e["type"] == kind]


def hand(out: Json, player: str) -> list[str]:
    return sorted(out["players"][player]["hand"])


def stacked_state(
    ed: str,
    hands: dict[str, str],
    top: Sequence[str] = (),
    *,
    tokens: dict[str, int] | None = None,
    options: dict[str, str] | None = None,
    **kw: Any,
) -> GameState:
    """The engine state of a stacked round 1, before its first move (for view tests)."""
    kw.setdefault("first", next(iter(hands)))
    r = rnd(ed, hands, top, **kw)
    deal = Deal(r["set_aside"], tuple(r["face_up"]), r["hands"], tuple(r["draw_pile"]))
    st = new_game(ed, list(hands), random.Random(0), options, tokens=tokens)
    return restack(st, deal, r["first"])


def run_moves(st: GameState, moves: Sequence[Json]) -> tuple[GameState, list[Event]]:
    """Apply scenario-form moves in order; returns the state and all events."""
    out: list[Event] = []
    for m in moves:
        st, ev = apply(st, move_from_dict(m))
        out.extend(ev)
    return st, out
